/**
 * 権限を変更: the member's role chosen again from the five. The page sends it (with the version
 * shown) and says what came of it; a 422 (a missing role, one's own account) stays here under the
 * select, anything else (a 409 above all) goes to the page.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AdminApiError } from '../api/admin-client';
import { Dialog, DialogActions } from '../ui/dialog';
import { Field, FormAlert, ui } from '../ui/form';
import { applyServerErrors, type RoleValues, roleRules } from './staff-schema';
import { ROLE_LABELS, ROLES, type StaffMember, type StaffRole } from './staff-types';

interface RoleDialogProps {
  member: StaffMember;
  pending: boolean;
  /**
   * Sends the role; `refused` gets a refusal and answers whether the dialog showed it (a 422) —
   * else the page shows it and closes the dialog.
   */
  onSubmit: (role: StaffRole, refused: (error: unknown) => boolean) => void;
  onClose: () => void;
}

export function RoleDialog({ member, pending, onSubmit, onClose }: RoleDialogProps) {
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RoleValues>({ defaultValues: { role: member.role } });

  return (
    <Dialog title={`${member.name} さんの権限を変更`} busy={pending} onClose={onClose}>
      <form
        noValidate
        aria-label="権限を変更"
        onSubmit={handleSubmit(({ role }) => {
          setAlert(null);
          onSubmit(role as StaffRole, (error) => {
            if (!(error instanceof AdminApiError) || error.status !== 422) return false;
            setAlert(applyServerErrors(error, setError, ['role']));
            return true;
          });
        })}
      >
        <FormAlert message={alert} />
        <p>{`現在の権限：${member.role_label}。変更は、ログイン中の画面にも次の操作から反映されます。`}</p>
        <Field label="権限" error={errors.role?.message}>
          {(control) => (
            <select {...control} data-autofocus {...register('role', roleRules.role)}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <DialogActions>
          <button type="submit" className={ui.button} disabled={pending}>
            {pending ? '変更しています…' : '変更する'}
          </button>
          <button type="button" className={ui.secondary} disabled={pending} onClick={onClose}>
            やめる
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
