/** A sentence followed by its bullet points, `{text, list}`: a policy, a target, a benefit. */
export function TextList({ value, className }: { value: { text: string; list?: string[] }; className?: string }) {
  return (
    <div className={['text-list', className].filter(Boolean).join(' ')}>
      <p>{value.text}</p>
      {value.list && value.list.length > 0 && (
        <ul>
          {value.list.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
