import { Button, Tooltip, type ButtonProps } from 'antd';
import { useId } from 'react';

/**
 * A button that may be refused up front, saying why: with a `motivo` it is disabled, the reason is in a
 * tooltip (`ayuda`, when longer) and, for screen readers, in a hidden text the button is described by.
 */
export function ReasonButton({ motivo, ayuda, disabled, ...props }: ButtonProps & { motivo: string | null; ayuda?: string }) {
  const id = useId();
  return (
    <>
      {motivo ? (
        <span id={id} className="visually-hidden">
          {motivo}
        </span>
      ) : null}
      <Tooltip title={motivo ? (ayuda ?? motivo) : null}>
        <Button {...props} disabled={Boolean(disabled) || motivo !== null} aria-describedby={motivo ? id : undefined} />
      </Tooltip>
    </>
  );
}
