/**
 * スタッフを招待: メールアドレス, お名前 and 権限; 招待メールを送る mails the person an enrolment
 * link (valid 72 hours, once) and the page says so. The server's 422 (a malformed address, one
 * already of the staff, a missing name or role) goes under its field.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog, DialogActions } from '../ui/dialog';
import { Field, FormAlert, ui } from '../ui/form';
import { useInviteStaff } from './staff-queries';
import { applyServerErrors, inviteBody, inviteRules, type InviteValues } from './staff-schema';
import { ROLE_LABELS, ROLES } from './staff-types';

interface InviteDialogProps {
  onClose: () => void;
  /** The invitation is sent: what the page says. */
  onDone: (message: string) => void;
}

export function InviteDialog({ onClose, onDone }: InviteDialogProps) {
  const invite = useInviteStaff();
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<InviteValues>({ defaultValues: { email: '', name: '', role: '' } });

  return (
    <Dialog title="スタッフを招待" busy={invite.isPending} onClose={onClose}>
      <form
        noValidate
        aria-label="スタッフを招待"
        onSubmit={handleSubmit((values) => {
          setAlert(null);
          invite.mutate(inviteBody(values), {
            onSuccess: (invitation) => onDone(`${invitation.name} さんに招待メールを送りました。`),
            onError: (error) => setAlert(applyServerErrors(error, setError, ['email', 'name', 'role'])),
          });
        })}
      >
        <FormAlert message={alert} />
        <p>招待メールのリンクから、本人がパスワードと認証アプリを設定します。リンクの有効期限は72時間です。</p>
        <Field label="メールアドレス" error={errors.email?.message}>
          {(control) => (
            <input
              {...control}
              type="email"
              autoComplete="off"
              data-autofocus
              {...register('email', inviteRules.email)}
            />
          )}
        </Field>
        <Field label="お名前" error={errors.name?.message}>
          {(control) => <input {...control} type="text" autoComplete="off" {...register('name', inviteRules.name)} />}
        </Field>
        <Field label="権限" error={errors.role?.message}>
          {(control) => (
            <select {...control} {...register('role', inviteRules.role)}>
              <option value="">選んでください</option>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <DialogActions>
          <button type="submit" className={ui.button} disabled={invite.isPending}>
            {invite.isPending ? '送信しています…' : '招待メールを送る'}
          </button>
          <button type="button" className={ui.secondary} disabled={invite.isPending} onClick={onClose}>
            やめる
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
