/** Material topics and SDGs a page or section speaks to; SDG tags get the goal's colour class. */
export function Tags({ tags, label }: { tags: string[]; label?: string }) {
  return (
    <ul className="tags" aria-label={label}>
      {tags.map((tag) => {
        const sdg = /^SDG\s*(\d{1,2})$/i.exec(tag);
        return (
          <li key={tag} className={sdg ? `tag tag-sdg sdg-${sdg[1]}` : 'tag'}>
            {tag}
          </li>
        );
      })}
    </ul>
  );
}
