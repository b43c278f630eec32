import { useSearchParams } from 'react-router';

interface Props {
  label: string;
  /** The URL query parameter it reads and writes, so a sorted list can be shared and reloaded. */
  param: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

export function ParamSelect({ label, param, value, options }: Props) {
  const [params, setParams] = useSearchParams();
  return (
    <label className="select">
      <span>{label}</span>
      <select
        value={value}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          next.set(param, e.target.value);
          setParams(next, { replace: true });
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
