import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';

export interface TooltipProps {
  /** Id of the bubble, unique on the page (islands render apart, so React's useId would repeat). */
  id: string;
  /** The button's accessible name, e.g. "Explanation". */
  label: string;
  text: string;
}

/** Space kept between the bubble and the button or the window's edge. */
const gap = 8;

/**
 * A centred tooltip, at most 150 px wide. Without JavaScript, and until it wakes, it opens on hover
 * and keyboard focus through CSS. Hydrated, a tap toggles it too (touch browsers do not all focus a tapped
 * button), Escape closes it, and it is placed in the window so a table's scroll box cannot clip it.
 */
export default function Tooltip({ id, label, text }: TooltipProps) {
  const [open, setOpen] = useState(false);
  // Once hydrated, this component decides when the bubble shows; the CSS hover/focus rules step back.
  const [ready, setReady] = useState(false);
  const [place, setPlace] = useState<CSSProperties>();
  const root = useRef<HTMLSpanElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const bubble = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    setReady(true);
    // It wakes when the pointer comes over it or it takes focus (widgets/registry.ts): the bubble CSS showed stays open.
    if (root.current!.matches(':hover, :focus-within')) setOpen(true);
  }, []);

  useLayoutEffect(() => {
    if (!open || !button.current || !bubble.current) return;
    const anchor = button.current.getBoundingClientRect();
    const { width, height } = bubble.current.getBoundingClientRect();
    const centre = anchor.left + anchor.width / 2;
    const left = Math.min(Math.max(gap, centre - width / 2), window.innerWidth - width - gap);
    const above = anchor.top - height - gap;
    setPlace({ position: 'fixed', left, top: above >= gap ? above : anchor.bottom + gap, bottom: 'auto', transform: 'none' });
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    // A moved page or scrolled table would leave the bubble beside nothing.
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [open]);

  const show = () => setOpen(true);
  const hide = () => {
    setOpen(false);
    setPlace(undefined);
  };

  return (
    <span
      ref={root}
      className="tooltip"
      data-ready={ready ? '' : undefined}
      data-open={open ? '' : undefined}
      onMouseEnter={show}
      onMouseLeave={hide}
      onKeyDown={(event) => event.key === 'Escape' && hide()}
    >
      <button ref={button} type="button" className="tooltip-trigger" aria-describedby={id} onFocus={show} onBlur={hide} onClick={show}>
        <span aria-hidden="true">i</span>
        <span className="visually-hidden">{label}</span>
      </button>
      <span ref={bubble} role="tooltip" id={id} className="tooltip-bubble" style={place}>
        {text}
      </span>
    </span>
  );
}
