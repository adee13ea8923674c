/**
 * 出荷を分割: which shipments may be split, the rules of the split form (per line, 0 up to its
 * quantity moves to the new shipment; at least one unit moves and one stays), the body it sends
 * and the server's per-line answer spread back onto the lines. The server checks it all again.
 */
import { errorText, fieldError } from '../api/admin-client';
import type { DeskActions, DeskLine, DeskShipment, SplitMove } from '../api/admin-types';

/** A shipment that has not left and holds more than one unit, when the server allows splits. */
export function canSplit(shipment: DeskShipment, actions: DeskActions): boolean {
  if (!actions.split) return false;
  if (!['unshipped', 'preparing'].includes(shipment.state.code)) return false;
  return shipment.lines.reduce((units, line) => units + line.quantity, 0) > 1;
}

/** A line's box: a whole number from 0 to the line's quantity ('' reads as 0). */
export function moveError(value: string, quantity: number): string | null {
  const text = value.trim();
  if (text === '') return null;
  if (!/^[0-9]+$/.test(text)) return '0以上の整数で入力してください';
  return Number(text) <= quantity ? null : `${quantity}以下で入力してください`;
}

export function movedUnits(value: string): number {
  const text = value.trim();
  return /^[0-9]+$/.test(text) ? Number(text) : 0;
}

/** The whole form: something moves, and something stays in the shipment. */
export function splitError(lines: readonly Pick<DeskLine, 'quantity'>[], moves: readonly string[]): string | null {
  const moved = moves.reduce((sum, value) => sum + movedUnits(value), 0);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (moved === 0) return '新しい出荷に移す数量を1点以上入力してください';
  if (moved >= units) return '元の出荷に1点以上残してください';
  return null;
}

/** The lines that move (only those with units), in the shipment's order. */
export function splitLines(lines: readonly Pick<DeskLine, 'id'>[], moves: readonly string[]): SplitMove[] {
  return lines.flatMap((line, index) => {
    const quantity = movedUnits(moves[index] ?? '');
    return quantity > 0 ? [{ line_id: line.id, quantity }] : [];
  });
}

/**
 * A refused split onto the form: the message for each of the shipment's lines (the server names
 * the sent line as `lines.0.quantity`, `lines[0]`, … or by its id), and what no line shows for
 * the form's alert.
 */
export function splitErrors(
  error: unknown,
  lines: readonly Pick<DeskLine, 'id'>[],
  sent: SplitMove[],
): { perLine: (string | undefined)[]; alert: string | null } {
  const perLine = lines.map((line) => {
    const at = sent.findIndex((move) => move.line_id === line.id);
    const keys =
      at < 0
        ? [`lines.${line.id}`]
        : [
            `lines.${at}.quantity`,
            `lines[${at}].quantity`,
            `lines.${at}`,
            `lines[${at}]`,
            `lines.${at}.line_id`,
            `lines.${line.id}`,
          ];
    for (const key of keys) {
      const message = fieldError(error, key);
      if (message) return message;
    }
    return undefined;
  });
  const general = fieldError(error, 'lines') ?? fieldError(error, 'version');
  if (general) return { perLine, alert: general };
  return { perLine, alert: perLine.some(Boolean) ? null : errorText(error) };
}
