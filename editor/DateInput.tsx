import { useEffect, useRef, useState } from 'react';
import { htmlLang, type EditorLanguage } from '../schemas/editApi.ts';
import { useLanguage, useText } from './language.tsx';

/** `2025-10-03` as the team writes it: 2025/10/03 in Chinese, as it is in English (a day first or a month first would be read both ways). */
export function writtenDate(iso: string, language: EditorLanguage): string {
  return language === 'en' ? iso : iso.replace(/-/g, '/');
}

/**
 * A moment (ISO 8601) in the browser's time zone as the team writes it, the day named:
 * 2025/10/03（星期五）14:20; in English 2025-10-03 (Friday) 14:20.
 */
export function writtenTime(iso: string, language: EditorLanguage): string {
  const moment = new Date(iso);
  const two = (value: number) => String(value).padStart(2, '0');
  const day = `${moment.getFullYear()}-${two(moment.getMonth() + 1)}-${two(moment.getDate())}`;
  const weekday = new Intl.DateTimeFormat(htmlLang[language], { weekday: 'long' }).format(moment);
  const time = `${two(moment.getHours())}:${two(moment.getMinutes())}`;
  return language === 'en' ? `${writtenDate(day, language)} (${weekday}) ${time}` : `${writtenDate(day, language)}（${weekday}）${time}`;
}

/** A date typed as 2025/10/3, 2025-10-03, 2025.10.3 or 2025年10月3日, as `2025-10-03`; undefined when it names no day. */
export function parsedDate(text: string): string | undefined {
  const parts = /^\s*(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?\s*$/.exec(text);
  if (!parts) return undefined;
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${parts[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A day, in the team's format whatever the browser's own language (a date input shows 10/03/2025 in
 * an English Chromium): typed, or chosen from the browser's calendar; the day written out beside it
 * (2025年10月3日 星期五) to check. `value` and `onChange` hold the day as the file does, `2025-10-03`;
 * a text that names no day is handed on as it is, for the save's check to say why.
 */
export function DateInput({
  id,
  value,
  onChange,
  disabled,
  required,
  invalid,
  label,
}: {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  /** The accessible name, where no <label for> names the input. */
  label?: string;
}) {
  const { language } = useLanguage();
  const t = useText();
  const shown = (iso: string) => (parsedDate(iso) ? writtenDate(parsedDate(iso)!, language) : iso);
  const [text, setText] = useState(shown(value));
  const calendar = useRef<HTMLInputElement>(null);
  // Another value from outside (a reload, the calendar), or another language: written again.
  useEffect(() => {
    if (parsedDate(text) !== value) setText(shown(value));
  }, [value]);
  useEffect(() => setText(shown(value)), [language]);
  const day = parsedDate(text);
  const change = (next: string) => {
    setText(next);
    onChange(parsedDate(next) ?? next);
  };
  return (
    <span className="date-input">
      <input
        id={id}
        type="text"
        inputMode="numeric"
        className="form-control"
        placeholder={writtenDate('2025-10-03', language)}
        value={text}
        disabled={disabled}
        required={required}
        aria-invalid={invalid || undefined}
        aria-label={label}
        aria-describedby={id ? `${id}-day` : undefined}
        onChange={(event) => change(event.target.value)}
      />
      <button type="button" disabled={disabled} onClick={() => calendar.current?.showPicker()}>
        {t('date.calendar')}
      </button>
      <input
        ref={calendar}
        type="date"
        className="date-calendar"
        tabIndex={-1}
        aria-hidden="true"
        value={day ?? ''}
        onChange={(event) => event.target.value && change(writtenDate(event.target.value, language))}
      />
      <small id={id ? `${id}-day` : undefined} className="date-day">
        {day
          ? new Intl.DateTimeFormat(htmlLang[language], { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
          : text.trim()
            ? t('date.notADay')
            : ''}
      </small>
    </span>
  );
}
