/**
 * 一括編集's カテゴリ / タグ picker: a window of checkboxes (the names of GET
 * /v1/admin/catalog/options; categories with their paths, in tree order) whose 決定 replaces the
 * cell's list and whose キャンセル (or Escape) leaves it as it was. Focus goes back to the cell.
 */
import { useState } from 'react';
import { Dialog, DialogActions } from '../ui/dialog';
import { ui } from '../ui/form';
import styles from './grid.module.css';

export interface PickerChoice {
  id: string;
  label: string;
}

export interface GridPickerProps {
  /** 「カテゴリ（CHAIR-01）」. */
  title: string;
  choices: readonly PickerChoice[];
  chosen: readonly string[];
  /** What the shop has none of yet. */
  empty: string;
  onDone: (ids: string[]) => void;
  onClose: () => void;
}

export function GridPicker({ title, choices, chosen, empty, onDone, onClose }: GridPickerProps) {
  const [ticked, setTicked] = useState<readonly string[]>(chosen);
  // Ids the options do not list (a category deleted meanwhile) stay as they were.
  const unknown = chosen.filter((id) => !choices.some((choice) => choice.id === id));

  return (
    <Dialog title={title} onClose={onClose}>
      {choices.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <fieldset className={ui.fieldset}>
          <legend className="visually-hidden">{title}</legend>
          <ul className={styles.pickerList}>
            {choices.map((choice) => (
              <li key={choice.id}>
                <label className={ui.choice}>
                  <input
                    type="checkbox"
                    checked={ticked.includes(choice.id)}
                    onChange={(event) =>
                      setTicked((now) =>
                        event.target.checked
                          ? [...now.filter((id) => id !== choice.id), choice.id]
                          : now.filter((id) => id !== choice.id),
                      )
                    }
                  />
                  {choice.label}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <DialogActions>
        <button
          type="button"
          className={ui.button}
          onClick={() => {
            // In the options' order, as the product's form keeps them.
            const ordered = choices.filter((choice) => ticked.includes(choice.id)).map((choice) => choice.id);
            onDone([...ordered, ...unknown.filter((id) => ticked.includes(id))]);
          }}
        >
          決定
        </button>
        <button type="button" className={ui.secondary} onClick={onClose}>
          キャンセル
        </button>
      </DialogActions>
    </Dialog>
  );
}
