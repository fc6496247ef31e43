import { renderToStaticMarkup } from 'react-dom/server';
import { changeInWords, factorsInWords, printedInWords, scopeSummary } from './figureWords.ts';
import type { PackFigure, Texts } from './scope.ts';

/**
 * index.html of an assurance pack: the scope in numbers, then one section per figure with where
 * it comes from, its evidence with checksums, its history and where it is published. Plain HTML
 * and CSS that open offline and print one figure to a page.
 */
export function packPage(figures: PackFigure[], year: number, commit: { hash: string; date: string; changed: boolean } | undefined): string {
  return `<!doctype html>\n${renderToStaticMarkup(<PackPage figures={figures} year={year} commit={commit} />)}\n`;
}

const css = `
body { font: 11pt/1.5 "Noto Sans TC", "Noto Sans CJK TC", "PingFang TC", "Microsoft JhengHei", sans-serif; color: #1b1b1b; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; } h2 { font-size: 1.25rem; border-bottom: 2px solid #1b5e20; padding-bottom: .2rem; margin-top: 2.5rem; }
.en { color: #555; } .figure-value { font-size: 1.4rem; font-weight: bold; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; } th, td { border: 1px solid #bbb; padding: .3rem .5rem; text-align: left; vertical-align: top; }
th { background: #eef3ee; width: 11rem; } td.number { text-align: right; } code { font-size: .85em; word-break: break-all; }
.missing { color: #b00020; font-weight: bold; } nav ol { columns: 2; }
@media print { body { margin: 0; max-width: none; font-size: 9.5pt; } .figure { break-before: page; } nav { display: none; } a { color: inherit; text-decoration: none; } h2 { margin-top: 0; } }
`;

function PackPage({ figures, year, commit }: { figures: PackFigure[]; year: number; commit: { hash: string; date: string; changed: boolean } | undefined }) {
  const summary = scopeSummary(figures);
  return (
    <html lang="zh-Hant-TW">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${year} 年確信範圍數據 ${year} assurance scope`}</title>
        <style>{css}</style>
      </head>
      <body>
        <header>
          <h1>
            {year} 年確信範圍數據 <span className="en">{year} assurance scope</span>
          </h1>
          <p>
            {commit ? (
              <>
                版本 Commit <code>{commit.hash}</code>（{commit.date}）
                {commit.changed && <strong className="missing">，另有未提交的變更 with changes not committed</strong>}
              </>
            ) : (
              '內容未納入 Git 版本控制 Content not under Git'
            )}
            。數據檔：<a href="figures.xlsx">figures.xlsx</a>、<a href="figures.csv">figures.csv</a>；佐證檔案於 evidence/，校驗碼見{' '}
            <a href="evidence/SHA256SUMS">SHA256SUMS</a>。
          </p>
        </header>
        <section>
          <h2>
            範圍摘要 <span className="en">Scope</span>
          </h2>
          <table>
            <tbody>
              <tr>
                <th>數據筆數 Figures</th>
                <td className="number">{figures.length}</td>
              </tr>
              {summary.byTopic.map(([topic, count]) => (
                <tr key={topic}>
                  <th>主題 Topic: {topic}</th>
                  <td className="number">{count}</td>
                </tr>
              ))}
              {summary.byStandard.map(([standard, count]) => (
                <tr key={standard.en}>
                  <th>
                    <Both texts={standard} />
                  </th>
                  <td className="number">{count}</td>
                </tr>
              ))}
              <tr>
                <th>缺漏 Missing</th>
                <td>
                  {summary.incomplete.length
                    ? summary.incomplete.map((figure) => (
                        <div key={figure.id} className="missing">
                          <a href={`#${figure.id}`}>{figure.id}</a>: {figure.missing.join(', ')}
                        </div>
                      ))
                    : '無 None'}
                </td>
              </tr>
            </tbody>
          </table>
          <nav aria-label="數據 Figures">
            <ol>
              {figures.map((figure) => (
                <li key={figure.id}>
                  <a href={`#${figure.id}`}>{figure.label.zh_TW}</a> <span className="en">{figure.id}</span>
                </li>
              ))}
            </ol>
          </nav>
        </section>
        {figures.map((figure) => (
          <Figure key={figure.id} figure={figure} />
        ))}
      </body>
    </html>
  );
}

function Both({ texts }: { texts: Texts }) {
  return (
    <>
      {texts.zh_TW}
      <br />
      <span className="en">{texts.en}</span>
    </>
  );
}

function Figure({ figure }: { figure: PackFigure }) {
  const missing = (field: string) => <span className="missing">缺 missing: {field}</span>;
  const printed = printedInWords(figure);
  return (
    <section className="figure" id={figure.id}>
      <h2>
        {figure.label.zh_TW} <span className="en">{figure.label.en}</span>
      </h2>
      <p className="figure-value">
        {figure.written.zh_TW} <span className="en">{figure.written.en}</span>
      </p>
      <table>
        <tbody>
          <Row name="指標 Metric">
            <code>{figure.id}</code> · {figure.year} · {figure.topic}
            {figure.gri.length ? ` · GRI ${figure.gri.join(', ')}` : ''}
            {figure.sasb.length ? ` · SASB ${figure.sasb.join(', ')}` : ''}
          </Row>
          <Row name="數值 Value">
            {figure.value} <Both texts={figure.unit} />
          </Row>
          <Row name="涵蓋範圍 Boundary">
            <Both texts={figure.boundary} />
          </Row>
          <Row name="確信 Assurance">
            <Both
              texts={{
                zh_TW: `${figure.assurance.by.zh_TW}，${figure.assurance.standard.zh_TW}`,
                en: `${figure.assurance.by.en}, ${figure.assurance.standard.en}`,
              }}
            />
          </Row>
          <Row name="負責單位 Owner">
            {figure.owner ? (
              <>
                <Both texts={figure.owner.name} /> · <a href={`mailto:${figure.owner.email}`}>{figure.owner.email}</a>
              </>
            ) : (
              missing('owner')
            )}
          </Row>
          <Row name="資料來源 Source">{figure.source ? <Both texts={figure.source} /> : missing('source')}</Row>
          <Row name="計算方法 Method">{figure.method ? <Both texts={figure.method} /> : missing('method')}</Row>
          <Row name="係數 Factors">{figure.factors.length ? <Both texts={factorsInWords(figure)} /> : '—'}</Row>
          <Row name="佐證 Evidence">
            {figure.evidence.length
              ? figure.evidence.map((file) => (
                  <div key={file.path}>
                    <a href={`evidence/${file.path}`}>evidence/{file.path}</a> ({file.bytes} bytes)
                    <br />
                    <code>SHA-256 {file.sha256}</code>
                  </div>
                ))
              : missing('evidence')}
          </Row>
          <Row name="歷程 History">
            {figure.history.length ? (
              <ol>
                {figure.history.map((change, index) => (
                  <li key={index}>
                    {changeInWords(figure, change).zh_TW}
                    <br />
                    <span className="en">{changeInWords(figure, change, { message: false }).en}</span>
                  </li>
                ))}
              </ol>
            ) : (
              '無 Git 紀錄 No Git history'
            )}
          </Row>
          <Row name="重編 Restated">
            {figure.restated ? (
              <>
                原公布 Published: {figure.restated.published.zh_TW} / {figure.restated.published.en}
                <br />
                <Both texts={figure.restated.reason} />
              </>
            ) : (
              '否 No'
            )}
          </Row>
          <Row name="網站 On the site">
            {figure.pages.map((page) => (
              <div key={page.route}>
                /{page.route} <span className="en">({page.locales.join(', ')})</span>
              </div>
            ))}
          </Row>
          <Row name="報告書 In the PDF">
            <Both texts={printed} />
          </Row>
        </tbody>
      </table>
    </section>
  );
}

function Row({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{children}</td>
    </tr>
  );
}
