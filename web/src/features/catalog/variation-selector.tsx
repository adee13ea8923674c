import { useId } from 'react';
import type { Variation } from '../../api/types';
import { STOCK_LABELS } from '../../ui/stock-badge';
import { axesOf, findVariation, pickVariation } from './variation-choice';
import styles from './product-detail.module.css';

interface Option {
  value: string;
  label: string;
  /** The item this option would select keeps the other axis: its stock decides the hint. */
  outOfStock: boolean;
  missing: boolean;
}

function RadioGroup({
  legend,
  chosen,
  options,
  onChoose,
}: {
  legend: string;
  chosen: string | null;
  options: Option[];
  onChoose: (value: string) => void;
}) {
  const name = useId();
  return (
    <fieldset className={styles.axis}>
      <legend className={styles.axisLegend}>
        {legend}
        {chosen ? <span className={styles.axisChosen}>：{chosen}</span> : null}
      </legend>
      <div className={styles.options}>
        {options.map((option) => (
          <label
            key={option.value}
            className={[
              styles.option,
              option.value === chosen ? styles.optionChosen : '',
              option.outOfStock ? styles.optionSoldOut : '',
            ]
              .filter(Boolean)
              .join(' ')}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === chosen}
              disabled={option.missing}
              onChange={() => onChoose(option.value)}
              className={styles.optionInput}
            />
            <span>{option.label}</span>
            {option.outOfStock ? <span className={styles.optionHint}>（{STOCK_LABELS.out_of_stock}）</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Size and colour (or, without them, the item names) as radio groups. */
export function VariationSelector({
  variations,
  selected,
  onSelect,
}: {
  variations: Variation[];
  selected: Variation | undefined;
  onSelect: (variation: Variation) => void;
}) {
  if (variations.length <= 1) return null;
  const { sizes, colors } = axesOf(variations);
  const choose = (axis: 'size' | 'color') => (value: string) => {
    const next = pickVariation(variations, selected, axis, value);
    if (next) onSelect(next);
  };

  if (sizes.length === 0 && colors.length === 0) {
    return (
      <div className={styles.variations}>
        <RadioGroup
          legend="種類"
          chosen={selected?.name ?? null}
          options={variations.map((v) => ({
            value: v.key,
            label: v.name,
            outOfStock: v.stock_status === 'out_of_stock',
            missing: false,
          }))}
          onChoose={(key) => {
            const next = variations.find((v) => v.key === key);
            if (next) onSelect(next);
          }}
        />
      </div>
    );
  }

  const optionFor = (axis: 'size' | 'color', value: string): Option => {
    const target =
      axis === 'size'
        ? findVariation(variations, value, selected?.color)
        : findVariation(variations, selected?.size, value);
    return {
      value,
      label: value,
      outOfStock: target?.stock_status === 'out_of_stock',
      // A value with no item at all is never offered; one missing only with this other value is still choosable.
      missing: !variations.some((v) => v[axis] === value),
    };
  };

  return (
    <div className={styles.variations}>
      {colors.length > 0 ? (
        <RadioGroup
          legend="カラー"
          chosen={selected?.color ?? null}
          options={colors.map((c) => optionFor('color', c))}
          onChoose={choose('color')}
        />
      ) : null}
      {sizes.length > 0 ? (
        <RadioGroup
          legend="サイズ"
          chosen={selected?.size ?? null}
          options={sizes.map((s) => optionFor('size', s))}
          onChoose={choose('size')}
        />
      ) : null}
    </div>
  );
}
