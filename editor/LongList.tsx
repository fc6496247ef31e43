import { getDefaultRegistry } from '@rjsf/core';
import { buttonId, getTemplate, getUiOptions, type ArrayFieldTemplateProps } from '@rjsf/utils';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useText } from './language.tsx';

/** A list longer than this shows a page of its items at a time: the metrics registry's 448 forms take @rjsf seconds to mount. */
const longList = 30;
const pageSize = 20;
const DefaultList = getDefaultRegistry().templates.ArrayFieldTemplate;

/**
 * @rjsf's list template, but a long list (more than `longList` items) shows a filter and one page
 * of `pageSize` items: only those are mounted. The page with a refused save's first problem is
 * shown, and an added item's page.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  if (props.items.length <= longList) return <DefaultList {...props} />;
  return <PagedList {...props} />;
}

function PagedList(props: ArrayFieldTemplateProps) {
  const { className, fieldPathId, items, formData, canAdd, onAddClick, disabled, readonly, registry, required, schema, title, uiSchema } = props;
  const uiOptions = getUiOptions(uiSchema);
  const t = useText();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const values = Array.isArray(formData) ? (formData as unknown[]) : [];
  const texts = useMemo(() => values.map((value) => JSON.stringify(value ?? '').toLowerCase()), [formData]);
  const wanted = query.trim().toLowerCase();
  const shown = useMemo(() => items.map((_item, index) => index).filter((index) => !wanted || texts[index]?.includes(wanted)), [items.length, texts, wanted]);
  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  const current = Math.min(page, pages - 1);

  // @rjsf gives a list's template no errorSchema; each item element carries its own.
  const problemAt = items.findIndex((item) => hasErrors((item.props as { itemErrorSchema?: unknown }).itemErrorSchema));
  const firstProblem = problemAt < 0 ? undefined : problemAt;
  useEffect(() => {
    if (firstProblem === undefined) return;
    setQuery('');
    setPage(Math.floor(firstProblem / pageSize));
  }, [firstProblem]);
  const length = useRef(items.length);
  useEffect(() => {
    if (items.length > length.current) {
      setQuery('');
      setPage(Math.floor((items.length - 1) / pageSize));
    }
    length.current = items.length;
  }, [items.length]);

  const TitleTemplate = getTemplate('ArrayFieldTitleTemplate', registry, uiOptions);
  const DescriptionTemplate = getTemplate('ArrayFieldDescriptionTemplate', registry, uiOptions);
  const { AddButton } = registry.templates.ButtonTemplates;
  const from = current * pageSize;
  const onPage = shown.slice(from, from + pageSize);
  const pager = (
    <>
      <button type="button" aria-label={t('list.previous')} disabled={current === 0} onClick={() => setPage(current - 1)}>
        ‹
      </button>
      <button type="button" aria-label={t('list.next')} disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
        ›
      </button>
    </>
  );
  return (
    <fieldset className={`${className ?? ''} long-list`} id={fieldPathId.$id}>
      <TitleTemplate fieldPathId={fieldPathId} title={uiOptions.title || title} required={required} schema={schema} uiSchema={uiSchema} registry={registry} />
      <DescriptionTemplate
        fieldPathId={fieldPathId}
        description={uiOptions.description || schema.description}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
      />
      <div className="long-list-bar">
        <input
          type="search"
          aria-label={t('list.filter', { title: title || t('list.theList') })}
          placeholder={t('list.filterPlaceholder')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(0);
          }}
        />
        <span className="long-list-range" role="status">
          {shown.length ? t('list.range', { from: from + 1, to: from + onPage.length, count: shown.length }) : t('list.none')}
          {wanted ? t('list.matching', { count: items.length }) : ''}
        </span>
        {pager}
      </div>
      <div className="row array-item-list">{onPage.map((index) => items[index])}</div>
      {/* Again below the page's items, where the eye is once they are read. */}
      {onPage.length > 3 && <div className="long-list-bar bottom">{pager}</div>}
      {canAdd && (
        <AddButton
          id={buttonId(fieldPathId, 'add')}
          className="rjsf-array-item-add"
          onClick={onAddClick}
          disabled={disabled || readonly}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
    </fieldset>
  );
}

/** An error schema holds a message somewhere (an edited item's is there but empty). */
function hasErrors(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  return Object.entries(schema).some(([key, value]) => (key === '__errors' ? Array.isArray(value) && value.length > 0 : hasErrors(value)));
}
