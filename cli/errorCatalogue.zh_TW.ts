import type { errors } from './errorCatalogue.ts';

/** One entry's words in Traditional Chinese: the same arguments as its English message and hint. */
type Translation<E> = E extends { message: (...args: infer A) => string }
  ? { title: string; message: (...args: A) => string; hint?: (...args: A) => string | undefined }
  : never;

/** Items of a message or hint joined with 、: the first dozen, then how many there are in all (`a、b、…、l 等 448 項`). */
const list = (items: readonly unknown[], most = 12) => (items.length > most ? `${items.slice(0, most).join('、')} 等 ${items.length} 項` : items.join('、'));

/** `是否要寫 a 或 b？` before a hint, when something close to a mistyped id is known. */
const meant = (close: readonly string[]) => (close.length ? `是否要寫 ${close.join(' 或 ')}？` : '');

/** How to convert a file to UTF-8, by the encoding it is in (iconv's name for it); as in errorCatalogue.ts. */
const iconvNames: Record<string, string> = { Big5: 'CP950', GB18030: 'GB18030', 'UTF-16LE': 'UTF-16', 'UTF-16BE': 'UTF-16' };

/** JSON Schema types as an editor knows them, for ajv's `must be array`. */
const typeNames: Record<string, string> = {
  string: '文字',
  number: '數字',
  integer: '整數',
  boolean: 'true 或 false',
  array: '清單',
  object: '物件',
  null: 'null',
};

/** The fields of a figure's trace in words. */
const traceWords: Record<string, string> = { owner: '負責單位', source: '資料來源', method: '計算方法', evidence: '佐證資料' };

const comparisons: Record<string, string> = { '>=': '大於或等於', '<=': '小於或等於', '>': '大於', '<': '小於' };

/** ajv's commonest English messages in words (`must be array` → 必須是清單); undefined for any other. */
function schemaDetail(detail: string): string | undefined {
  const type = /^must be ([a-z]+(?:,[a-z]+)*)$/.exec(detail)?.[1]?.split(',');
  if (type?.every((name) => name in typeNames)) return `必須是${type.map((name) => typeNames[name]).join('或')}`;
  const count = /^must NOT have (fewer|more) than (\d+) (items|characters|properties)$/.exec(detail);
  if (count)
    return `${count[1] === 'fewer' ? '至少' : '至多'}要有 ${count[2]} ${count[3] === 'items' ? '項' : count[3] === 'characters' ? '個字元' : '個欄位'}`;
  const bound = /^must be (>=|<=|>|<) (-?[\d.]+)$/.exec(detail);
  if (bound) return `必須${comparisons[bound[1] ?? '']} ${bound[2]}`;
  if (detail.startsWith('must NOT have duplicate items')) return '清單中不可有重複的項目';
  return undefined;
}

/**
 * The catalogue of cli/errorCatalogue.ts in Traditional Chinese (Taiwan), for the report team who
 * use `esg edit`: each problem shows with the same code, title, message and hint as in English, in
 * their language. Codes, field names, YAML keys, ids, file paths, commands and options, figures,
 * standard names and the values a problem quotes stay as they are; the texts that arguments carry
 * from elsewhere (a YAML parser's or ajv's detail, a system error) stay in English. A hint is given
 * exactly when the English entry gives one. The type makes the typecheck fail when an entry of
 * `errors` has no translation here, or when a translation's arguments differ from its English
 * message's.
 */
export const errorsZhTW: { [K in keyof typeof errors]: Translation<(typeof errors)[K]> } = {
  // ESG1xxx：內容檔案與 YAML
  notContentFolder: {
    title: '不是內容資料夾',
    message: (folder) => `${folder} 中沒有 site.yaml`,
    hint: () => '以 --content 指向含有 site.yaml 與各語系資料夾的資料夾',
  },
  strayEntry: {
    title: '不是內容檔案或語系資料夾',
    message: () => '不是內容檔案，也不是語系資料夾',
    hint: (folders) => `content/ 之下只放 site.yaml、metrics.yaml、synonyms.yaml、assets/、editions/ 以及資料夾 ${list(folders)}`,
  },
  unknownFile: {
    title: '不明的內容檔案',
    message: () => '不是已知的內容檔案',
    hint: () => '請參閱 docs/content.md 的「How content is laid out」一節，並檢查檔名與所在的資料夾',
  },
  frontMatterOpening: {
    title: '前置資料開頭的 --- 後面還有文字',
    message: (rest) => `前置資料開頭的 --- 同一行後面還有「${rest}」`,
    hint: () => '第一行只寫 ---，前置資料（包括註解）從下一行開始寫',
  },
  yamlSyntax: {
    title: 'YAML 語法錯誤',
    message: (detail) => `YAML 語法錯誤：${detail}`,
    hint: () => '請檢查縮排、每個清單項目開頭的「-」，以及含有冒號的文字是否加上引號',
  },
  notUtf8: {
    title: '內容檔案不是 UTF-8 編碼',
    message: (byte, encoding) => `不是 UTF-8 編碼${byte ? `：位元組 ${byte} 不是任何 UTF-8 字元的開頭` : ''}${encoding ? `；看起來是 ${encoding} 編碼` : ''}`,
    hint: (_byte, encoding, file) =>
      encoding
        ? `請另存為 UTF-8：iconv -f ${iconvNames[encoding] ?? encoding} -t UTF-8 ${file} > utf8.tmp && mv utf8.tmp ${file}；或在 VS Code 以「以編碼重新開啟」（Reopen with Encoding）選 ${encoding}，再以「以編碼儲存」（Save with Encoding）選 UTF-8（記事本：「另存新檔」，編碼選 UTF-8）`
        : '請另存為 UTF-8（VS Code：「以編碼儲存」（Save with Encoding）選 UTF-8；記事本：「另存新檔」，編碼選 UTF-8）',
  },
  linkLeavesContent: {
    title: '指向 content/ 之外的符號連結',
    message: (target) => `是指向 ${target} 的符號連結，該處在內容資料夾之外，因此不會讀取`,
    hint: () => '建置只會發布 content/ 之內的內容：請把檔案複製進來，不要以連結指向它（content/ 之內的連結沒有問題）',
  },

  // ESG2xxx：欄位與其結構描述（schema）
  requiredField: {
    title: '缺少必填欄位',
    message: () => '是必填欄位',
    hint: (description) => description,
  },
  unknownField: {
    title: '不明的欄位',
    message: () => '不是已知的欄位',
    hint: (allowed) => `這裡可用的欄位：${list(allowed)}`,
  },
  notAllowedValue: {
    title: '不是允許的值',
    message: (allowed) => `必須是下列其中之一：${list(allowed)}`,
    hint: (_allowed, description) => description,
  },
  constantValue: {
    title: '值必須是指定的值',
    message: (value) => `必須是 ${JSON.stringify(value)}`,
    hint: (_value, description) => description,
  },
  badFormat: {
    title: '值的格式不正確',
    message: (what, value) => `不符合「${what}」的格式：${JSON.stringify(value)}`,
    hint: (_what, _value, description) => description,
  },
  unknownBlockType: {
    title: '不明的區塊類型',
    message: (type) => `不明的區塊類型 ${JSON.stringify(type)}`,
    hint: (_type, types) => `可用的區塊類型：${list(types)}`,
  },
  schemaMismatch: {
    title: '值不符合結構描述（schema）',
    message: (detail) => {
      const words = schemaDetail(detail);
      return words ? `${words}（${detail}）` : `不符合結構描述：${detail}`;
    },
    hint: (_detail, description) => description,
  },

  // ESG3xxx：語系
  orphanOverride: {
    title: '沒有 zh_TW 原檔的 zh_CN 檔案',
    message: (path) => `沒有對應的 zh_TW 原檔（content/zh_TW/${path}）`,
    hint: () => 'zh_CN 檔案只用來覆寫 zh_TW 檔案；請先寫好 zh_TW 檔案',
  },
  missingShellFile: {
    title: '缺少頁首、選單或頁尾的檔案',
    message: () => '檔案不存在',
    hint: (files) => `每個語系都需要 ${list(files)}，用於頁首、選單與頁尾`,
  },
  missingMessages: {
    title: '語系缺少介面文字',
    message: (count, keys) => `缺少 ${count} 則介面文字（${list(keys)}），將改為顯示 zh_TW 的文字`,
    hint: () => '請在這個 messages.yaml 中翻譯這些文字；`esg i18n` 也會列出它們',
  },

  // ESG4xxx：頁面與內容所指向的對象
  missingPageFile: {
    title: '缺少頁面的內容檔案',
    message: (page) => `檔案不存在（頁面 ${page} 由它產生）`,
    hint: () => '每個頁面都必須先有 zh_TW 版',
  },
  samePage: {
    title: '兩個檔案產生同一個頁面',
    message: (page) => `會產生頁面 /${page}，但本網站已經有這個頁面`,
    hint: () => '請將檔案改名',
  },
  missingEnglish: {
    title: '列為有英文版，但英文內容尚未撰寫',
    message: (page, file) => `列出了「${page}」，但它的英文內容（content/en/${file}）不存在`,
    hint: () => '請撰寫英文檔案，或將這個路由從 englishRoutes 中移除',
  },
  missingAsset: {
    title: 'content/assets 下的檔案不存在',
    message: (path) => `${path} 不存在`,
    hint: (_path, close) => `${meant(close)}請將檔案放到 content/assets/ 之下，或更正路徑`,
  },
  brokenPageLink: {
    title: '連結到不存在的頁面',
    message: (url) => `連結到 ${url}，但這不是本網站的頁面`,
    hint: (_url, close) => `${meant(close)}網址請勿包含語系，例如 /report/gri 或 /focus/climate/energy`,
  },
  missingSection: {
    title: '連結到不存在的章節',
    message: (section, page, file) => `連結到章節 ${section}，但 ${page}（${file}）沒有這個章節`,
    hint: (_section, _page, _file, close, sections) => `${meant(close)}該頁的章節：${list(sections) || '無'}`,
  },
  unknownPinnedEvent: {
    title: '置頂的活動不存在',
    message: (id, locale) => `指定了活動「${id}」，但 content/${locale}/events/ 中沒有這則活動`,
    hint: (_id, _locale, close) => `${meant(close)}請填寫活動檔案的 id（即檔名去掉 .md）`,
  },
  duplicateEventId: {
    title: '兩則活動使用同一個 id',
    message: (id, first) => `活動 id「${id}」重複：${first} 已經使用了這個 id`,
    hint: () => '每則活動都要有自己的 id，並與其檔名相同',
  },
  eventIdNotFileName: {
    title: '活動 id 與檔名不同',
    message: (id, file) => `是「${id}」，但檔名是 ${file}`,
    hint: (id, file) => `活動頁面的網址是 /event/<檔名>：請將檔案改名為 ${id}.md，或把 id 改為 ${file.replace(/\.md$/, '')}`,
  },
  untranslatedEvent: {
    title: '沒有 zh_TW 原文的英文活動',
    message: (id) => `沒有對應的繁體中文活動：zh_TW 資料夾中沒有 events/${id}.md`,
    hint: (_id, close) => `${meant(close)}請先撰寫 zh_TW 活動；英文活動是它的翻譯（id 與檔名都相同）`,
  },
  missingReportFile: {
    title: '報告書下載檔案不存在',
    message: (file) => `content/assets 之下沒有 ${file}`,
    hint: (_file, close) => `${meant(close)}請將 PDF 放到 content/assets/reports/ 之下，或更正 site.yaml 中的路徑`,
  },
  unreadableImage: {
    title: '無法讀取的圖片',
    message: (path, detail) => `${path} 無法當作圖片讀取（${detail}）`,
    hint: () => '檔案不完整，或不是檔名所標示的圖片：請重新匯出為 JPEG、PNG、WebP、AVIF 或 TIFF，或更正路徑',
  },
  unknownEnglishRoute: {
    title: '英文路由不是本網站的路由',
    message: (route) => `指定了「${route}」，但這不是本網站的路由`,
    hint: (_route, close) => `${meant(close.map((name) => `"${name}"`))}路由名稱不含語系，開頭也不加斜線：report-download、event/{id}，首頁寫 ""`,
  },
  reportsOutOfOrder: {
    title: '報告書版本未由新到舊排列',
    message: (year, before) => `${year} 年版排在 ${before} 年版之後`,
    hint: () => '請由新到舊列出各版本：第一個就是頁尾連結的版本',
  },
  termInTwoGroups: {
    title: '搜尋詞列在兩組同義詞中',
    message: (term, group, line) => `「${term}」已列在「${group}」那一組同義詞中（第 ${line} 行）`,
    hint: () => '一個詞只能屬於一組（拉丁字母比對時不分大小寫）：請保留在意思相符的那一組',
  },
  variantTwice: {
    title: '詞對重複列出',
    message: (pair, line) => `詞對 ${pair} 已經列過了（第 ${line} 行）`,
    hint: () => '每組台灣／大陸詞對只列一次，前後順序不拘',
  },
  variantKnown: {
    title: '簡體轉換已知的詞對',
    message: (pair) => `詞對 ${pair} 已在 zh_CN 轉換的台灣詞彙表中`,
    hint: () => '請刪除這一組：只列出繁轉簡轉換不會對應的詞對',
  },
  unknownChapter: {
    title: '報告書的章不是本網站的頁面',
    message: (route) => `指定了章「${route}」，但這不是本網站的頁面`,
    hint: (_route, close) =>
      `${meant(close.map((name) => `"${name}"`))}每一章寫的是頁面的路由名稱，不含語系，開頭也不加斜線：about、focus/climate/energy、report/gri`,
  },
  chapterTwice: {
    title: '報告書的章重複列出',
    message: (route, line) => `再次列出了章「${route}」（第 ${line} 行已列過）`,
    hint: () => '每個頁面是報告書中的一章：請只保留在它所屬的那一篇',
  },
  evidenceLink: {
    title: '連結到佐證檔案',
    message: (url) => `連結到 ${url}：content/evidence 下的佐證資料一律不發布`,
    hint: () => '佐證資料是給確信機構的（esg assurance-pack），不是給讀者的：請移除連結，或將摘要放在 content/assets 下發布',
  },
  plannedPageLinks: {
    title: '連結到尚未建置的頁面',
    message: (count, pages) => `有 ${count} 個連結指向尚未建置的頁面（${list(pages)}）；在這些頁面完成之前，連結會顯示為純文字`,
    hint: () => '請在 content/ 中撰寫這些頁面（每個語言各自一份），或讓連結指向已有的頁面；頁面完成後連結就會出現，不需其他設定',
  },
  numbersLeftOut: {
    title: '未列出報告書的頁碼',
    message: (locales) => `${list(locales)} 的索引表未列出報告書 PDF 的頁碼：尚無由這份內容產生的 PDF`,
    hint: () => '要列出頁碼，請產生 PDF：`npx esg build --pdf`（`npm start` 也會這麼做）；之後不加 --pdf 的建置，會沿用最近一次由相同內容產生的 PDF 的頁碼',
  },
  otherEngine: {
    title: '報告書由其他 Chromium 列印',
    message: (path) => `報告書 PDF 由 ${path} 列印，而不是 npm 安裝的 Chromium（@sparticuz/chromium）：頁碼可能與 CI 產生的不同`,
    hint: () =>
      '隨附的 Chromium 可在有系統 libnss3 的 Linux x64 上執行（Debian：apt-get install libnss3）；取消 CHROMIUM_PATH 即可使用它，或發布 CI 建置的 PDF',
  },
  uncheckedSections: {
    title: '無法檢查的章節連結',
    message: (links) => `有 ${links.length} 個章節連結所指向的頁面，連結檢查無從得知其章節 id：${list(links)}`,
    hint: () => 'esg check 會在建置好的網站中驗證這些連結',
  },

  // ESG5xxx：知識問答與問卷
  answerNotAnOption: {
    title: '問答的答案不在選項中',
    message: (answer) => `${JSON.stringify(answer)} 不是選項之一`,
    hint: (_answer, options) => `選項：${list(options)}`,
  },
  wrongOptionCount: {
    title: '題目的選項與題型不符',
    message: (type) => (type === 'a' ? '題型 a 的題目，選項必須正好是 "true" 與 "false"' : `題型 ${type} 的題目須有${type === 'b' ? '兩' : '三'}個選項`),
    hint: () => '題型 a：true/false；題型 b：兩個選項；題型 c：三個選項',
  },
  tooFewOfType: {
    title: '某一題型的題目太少',
    message: (count, type, least) => `題型 ${type} 的題目有 ${count} 題；問答至少要有 ${least} 題`,
    hint: () => '題型 a 至少 4 題、b 4 題、c 7 題、d 2 題，共 19 題',
  },
  bandsDoNotFit: {
    title: '問答的等級門檻與題數不符',
    message: (a, b, questions) => `門檻 a ${a} 與 b ${b} 不適用於 ${questions} 題的問答`,
    hint: () => '答對 a 題以上為 a 級，答對 b 題以上為 b 級；須 0 < b < a <= 題數',
  },
  duplicateQuizTag: {
    title: '問答標籤重複',
    message: () => '同一個標籤列了兩次',
    hint: () => '四個標籤各列一次，各有一個 label',
  },
  wrongSurveyGroup: {
    title: '問卷題組的順序不正確',
    message: (id) => `必須是 ${id}`,
    hint: () => '題組依序為 governance、economic、environmental、social',
  },
  wrongTopicCount: {
    title: '問卷題組的議題數不正確',
    message: (count, group, size) => `有 ${count} 個議題；${group} 題組應有 ${size} 個`,
    hint: () => 'governance 5 個、economic 6 個、environmental 6 個、social 6 個議題',
  },
  duplicateTopicId: {
    title: '問卷議題 id 重複',
    message: (id) => `議題 id ${id} 重複`,
    hint: () => '儲存的填答以議題 id 對應：每個議題都要有自己的 id',
  },
  duplicateIdentity: {
    title: '問卷的身分 id 重複',
    message: () => '同一個身分 id 列了兩次',
    hint: () => '每個身分都要有自己的 id',
  },

  // ESG6xxx：建置好的網站（esg check 逐頁檢查）
  brokenBuiltLink: {
    title: '建置好的網站中有失效連結',
    message: (page, target, status) => `${page} 連結到 ${target}，但這個連結失效（${status}）`,
    hint: (_page, _target, _status, fromTemplate) => (fromTemplate ? '這個連結來自範本或選單，而不是來自某一個內容檔案' : undefined),
  },

  // ESG7xxx：指標與數值（指標登錄表 content/metrics.yaml 與引用其指標的頁面）
  unknownMetric: {
    title: '不明的指標',
    message: (id) => `指定了指標「${id}」，但 content/metrics.yaml 中沒有這個指標`,
    hint: (_id, close) => `${meant(close)}請在指標登錄表 content/metrics.yaml 中新增這個指標，或更正 id`,
  },
  unknownMetricYear: {
    title: '該年度沒有數值',
    message: (id, year) => `要求指標「${id}」${year} 年的數值，但這個指標沒有該年度的數值`,
    hint: (_id, _year, years) => `它有 ${list(years)} 年的數值；請在 content/metrics.yaml 中該指標的 values 下加上這一年的數值`,
  },
  badMetricReference: {
    title: '數值引用的寫法不正確',
    message: (text) => `${text} 不是正確的數值引用`,
    hint: () => '寫 {{metric-id 2024}} 顯示數值，或寫 {{metric-id 2024 unit}} 顯示數值與單位',
  },
  duplicateMetric: {
    title: '兩個指標使用同一個 id',
    message: (id) => `指標 id「${id}」重複`,
    hint: () => '每個指標都要有自己的 id；頁面以 id 指定指標',
  },
  unknownUnit: {
    title: '不明的單位',
    message: (unit) => `單位「${unit}」不在 content/metrics.yaml 的 units 中`,
    hint: (_unit, units) => `可用的單位：percent、${list(units)}；或在 units 下新增這個單位，並附上 zh_TW 與 en 名稱`,
  },
  metricCheckFailed: {
    title: '數值核算不符',
    message: (id, year, declared, computed, working) => `${id} ${year} 年為 ${declared}，但 ${working} = ${computed}`,
    hint: () => '請在 content/metrics.yaml 中更正這個數值或其組成數值；差異在所設小數位數（decimals）的四捨五入範圍內則允許（也可設定 tolerance）',
  },
  targetBaseline: {
    title: '目標的基準年沒有數值',
    message: (id, tracks, year) => `目標 ${id} 以 ${year} 年為基準年，但 ${tracks} 沒有 ${year} 年的數值`,
    hint: (_id, tracks, _year, years) => `${tracks} 有 ${list(years)} 年的數值；請從中選一年，或直接給基準值（baseline: { year, value }）`,
  },
  targetUnit: {
    title: '目標的單位與其追蹤的指標不符',
    message: (id, unit, expected) => `目標 ${id} 的單位是 ${unit}，但它的里程碑以 ${expected} 表示`,
    hint: (_id, _unit, expected, change) =>
      change
        ? '設定 change: true 的目標，數值是相對於基準的百分比變化：請將 unit 設為 percent'
        : `目標的里程碑是所追蹤指標的數值水準：請將 unit 設為 ${expected}，或設定 change: true，改以相對於基準的百分比變化表示`,
  },
  targetMilestone: {
    title: '目標的里程碑不在基準年之後',
    message: (id, year, baseline) => `目標 ${id} 有 ${year} 年的里程碑，不在基準年 ${baseline} 年之後`,
    hint: () => '目標的數值是尚待達成的里程碑：每一年都必須在基準年之後',
  },
  targetTracksTarget: {
    title: '目標追蹤的是另一個目標',
    message: (id, tracks) => `目標 ${id} 追蹤 ${tracks}，但它也是一個目標`,
    hint: () => '請改為指定一個指標：以它所報告的數值衡量這個目標',
  },
  publishedFigureChanged: {
    title: '已公布的數值未說明原因即變更',
    message: (id, year, value, published, edition) => `${id} ${year} 年為 ${value}，但 ${edition} 年版公布的是 ${published}`,
    hint: (id, year, _value, published, edition) =>
      `若這個數值經過更正，請在 ${id} 的 restated: { ${year}: { zh_TW: …, en: … } } 下說明原因，報告書會將它列為重編；否則請改回 ${published}（content/editions/${edition}/metrics.json）`,
  },
  untracedFigure: {
    title: '經確信的數據缺少出處',
    message: (id, year, missing) =>
      `${id} 的 ${year} 年數據經外部確信，但該年度缺少${list(missing.map((field) => `${traceWords[field] ?? field}（${field}）`))}`,
    hint: (id, year, missing) =>
      `確信機構會逐一查核經確信的數據來源：請為 ${id} 補上${list(missing.map((field) => `${traceWords[field] ?? field}（${field}）`))}${
        missing.includes('evidence') ? `（evidence: { ${year}: [content/evidence/${year}/ 下的檔案] }）` : ''
      }（見 docs/figures.md 的「Trace a figure」）`,
  },
  missingEvidence: {
    title: '佐證檔案不存在',
    message: (path) => `content/evidence/${path} 不存在`,
    hint: (_path, close) => `${meant(close)}請將檔案放在 content/evidence/<year>/ 下，或更正檔名`,
  },
  unknownOwner: {
    title: '不明的負責單位',
    message: (id) => `指定了負責單位「${id}」，但 content/metrics.yaml 的 owners: 中沒有這個單位`,
    hint: (_id, close) => `${meant(close)}請在 owners: 中新增該部門或窗口的名稱與電子郵件，或更正 id`,
  },
  unknownFactorSet: {
    title: '不明的係數',
    message: (id) => `指定了係數「${id}」，但 content/metrics.yaml 的 factorSets: 中沒有這組係數`,
    hint: (_id, close) => `${meant(close)}請在 factorSets: 中登錄其名稱、發布機關與版本，或更正 id`,
  },
  typedFigure: {
    title: '手動輸入的數值',
    message: (typed, id, year) => `${typed} 是指標「${id}」${year} 年的數值：請寫成 {{${id} ${year}}}，讓它隨指標登錄表更新`,
  },
  restatedUnchanged: {
    title: '為未變更的數值寫了重編原因',
    message: (id, year, why, edition) =>
      `${id} 寫了重編 ${year} 年數值的原因，但${
        why === 'no-edition'
          ? ' content/editions 中沒有可比對的已公布版本'
          : why === 'not-published'
            ? ` ${edition} 年版未公布此指標 ${year} 年的數值`
            : why === 'no-figure'
              ? `此指標沒有 ${year} 年的數值`
              : `其數值與 ${edition} 年版公布的相同`
      }`,
    hint: () => '重編是指數值與最近一次公布的版本（content/editions/<year>/metrics.json）不同；數值已與公布的相同時，請刪除原因，否則請更正數值',
  },

  // ESG9xxx：報告書 PDF（印出後讀回檢查）
  pageNumberMismatch: {
    title: '頁碼指向錯誤的頁面',
    message: (printed, section, heading, actual) => `${section}（「${heading}」）印的是第 ${printed} 頁，但它從第 ${actual} 頁開始`,
    hint: () => '頁碼設定之後分頁又有變動；請重新建置，若仍然發生，請附上 PDF 回報：頁碼全部正確之前，報告書不會發布',
  },
  headingNotOnPage: {
    title: '章節標題不在它的頁面上',
    message: (section, heading, page) => `${section} 從第 ${page} 頁開始，但該頁沒有它的標題「${heading}」`,
    hint: () => '標題因分頁而與內文分開，或章節沒有自己的標題：請在 PDF 中檢查這一章',
  },
  brokenPdfLink: {
    title: 'PDF 內的連結沒有目的地',
    message: (target) => `連結到 ${target}，但 PDF 中沒有這個目的地`,
    hint: () => '連結指向報告書沒有印出的章或章節：請將該頁面列為報告書的一章（book.yaml），或改為連結網站的網址',
  },
  headingAtFoot: {
    title: '標題落在頁尾',
    message: (chapter, page, heading) => `${chapter} 的第 ${page} 頁以標題「${heading}」結尾，內文卻在下一頁`,
    hint: () => '報告書會讓標題與內文相連（book.css 的 break-after: avoid）；標題若在方框或清單中，可能需要讓整個方框不分頁：請在 PDF 中檢查這一章',
  },
  tableHeadAlone: {
    title: '表格只有標題與表頭',
    message: (chapter, page, table) => `${chapter} 的第 ${page} 頁以表格「${table}」的標題或表頭結尾，其下不到兩列資料`,
    hint: () => '超過一頁的表格會讓標題與表頭和最初幾列相連（book.css）：請拆分表格，或縮短表格前的文字',
  },
  nearlyEmptyPage: {
    title: '只有三行以下的頁面',
    message: (chapter, page, text) => `${chapter} 的第 ${page} 頁只有三行以下（「${text}」）`,
    hint: () => '章節最後幾行被擠到下一頁：請將這一章縮短幾行，或讓結尾與前文相連',
  },
  numbersUnsettled: {
    title: '頁碼無法固定',
    message: (passes, moved) => `重印 ${passes} 次之後，印上頁碼仍會使 ${list(moved)} 移動`,
    hint: () => '某個頁碼的寬度足以把一個章節推到下一頁、又推回來：請縮短該章節附近的文字',
  },

  // ESG8xxx：命令列與伺服器
  badUsage: {
    title: '指令用法錯誤',
    message: (detail) => `指令用法錯誤：${detail}`,
    hint: () => 'esg <command> --help 會列出各指令的選項',
  },
  nothingAssured: {
    title: '該年度沒有經確信的數據',
    message: (year) => `content/metrics.yaml 中沒有 ${year} 年經確信的數據`,
    hint: (_year, years) =>
      years.length ? `有經確信數據的年度：${list(years)}` : '指標設有 assurance: 且有該年度數值時，該數據才算經過確信（見 docs/figures.md）',
  },
  packOverOther: {
    title: '確信資料夾中已有其他檔案',
    message: (folder) => `${folder} 不是空資料夾，也不是確信資料包`,
    hint: () => '請以 --out 指定新的資料夾，或先前產生的確信資料包（會被取代）',
  },
  noBuiltSite: {
    title: '沒有建置好的網站可提供',
    message: (folder) => `${folder} 不存在`,
    hint: () => '請先執行 `esg build`，或以 --out 指定建置好的資料夾',
  },
  portInUse: {
    title: '連接埠已被占用',
    message: (port) => `連接埠 ${port} 已被占用`,
    hint: (port) => `請以 --port 改用其他連接埠（\`npm start -- --port ${port + 1}\`、\`esg preview --port ${port + 1}\`），或停止占用它的程式`,
  },
  noFormsEndpoint: {
    title: 'site.yaml 中沒有表單端點',
    message: (file) => `${file} 中沒有 forms.endpoint（例如 /api/forms）`,
    hint: () => '請在 site.yaml 中設定 forms.endpoint，或以 --content 指定內容資料夾',
  },
  unknownFormKind: {
    title: '不明的表單',
    message: (kind, kinds) => `不明的表單「${kind}」；表單有：${list(kinds)}`,
  },
  noFormsData: {
    title: '沒有表單資料庫',
    message: (file, folder) => `${file} 不存在：${folder} 中尚未收到任何表單`,
    hint: () => '請以 --data 指定 `esg serve --data` 寫入的資料夾',
  },
  badEventId: {
    title: '不是有效的活動 id',
    message: (id) => `「${id}」不是有效的活動 id`,
    hint: () => '請使用小寫英文字母、數字與連字號（-），例如 2025-beach-cleanup',
  },
  eventExists: {
    title: '活動已經存在',
    message: (files) => `${files.join(' 與 ')} 已經存在`,
    hint: () => '請改用其他 id，或編輯現有的檔案',
  },
  notCompiled: {
    title: '指令尚未編譯',
    message: () => '指令尚未編譯（缺少 dist/cli.js）',
    hint: () => '請執行 `npm install`，或在修改程式碼之後執行 `npm run compile`',
  },
  badServeSetting: {
    title: 'esg serve 的設定值無效',
    message: (name, value, expected) => `${name} 的值「${value}」無效（${expected}）`,
    hint: (name) => `${name.startsWith('--') ? '請修改這個選項' : '請修改這個環境變數，或取消設定'}；esg serve --help 會列出所有設定`,
  },
  badDatabaseUrl: {
    title: '不是 PostgreSQL 網址',
    message: (url) => `「${url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@')}」不是 PostgreSQL 網址`,
    hint: () => '請以 postgres://user:password@host:5432/database 的格式提供 --database（或 DATABASE_URL），或省略它，改用 --data 下的 SQLite',
  },
  databaseUnreachable: {
    title: '無法連線到資料庫',
    message: (location, reason) => `無法連線到 ${location}：${reason}`,
    hint: () => '請確認 PostgreSQL 正在執行，而且網址、使用者、密碼與資料庫名稱都正確',
  },
  notFormsBackup: {
    title: '不是表單備份',
    message: (file, reason) => `${file} 不是表單的備份：${reason}`,
    hint: () => '請還原由 `esg forms backup --to FILE` 寫出的檔案（SQLite 檔案或 JSON 傾印檔）',
  },
  noChromium: {
    title: '缺少 Chromium',
    message: (looked) => `報告書 PDF 由 Chromium 列印：npm 安裝的 Chromium（@sparticuz/chromium，Linux x64）無法在此執行，${list(looked)} 也沒有 Chromium`,
    hint: () =>
      '在 Linux x64 上請再執行一次 `npm install`（隨附的 Chromium 需要系統的 libnss3）；其他平台請安裝 Chromium，或以 CHROMIUM_PATH 指定；不加 --pdf 的 `esg build` 不需要瀏覽器',
  },
  restoreOverData: {
    title: '資料庫中已有填答資料',
    message: (location, rows) => `${location} 中已有 ${rows} 筆資料；還原會讓兩批填答資料混在一起`,
    hint: () => '請還原到空的資料庫，或加上 --force，以備份的內容取代資料庫中現有的資料',
  },
  teamDataPublished: {
    title: '團隊帳號放在會發布的資料夾中',
    message: (data, inside) => `團隊資料夾 ${data} 位於 ${inside} 之內，網站正是由這個資料夾建置或建置到這裡`,
    hint: () => '帳號與審閱中的修改請放在 content/ 與 out/ 之外：不加 --data（預設為 content/ 旁的 .esg-team），或改選其他資料夾',
  },
  badAccountName: {
    title: '帳號名稱不正確',
    message: (name) => `「${name}」不是有效的帳號名稱`,
    hint: () => '請用 1 到 40 個英文字母、數字、句點、連字號或底線，並以字母或數字開頭，例如 ana 或 chen.mei',
  },
  badRole: {
    title: '沒有這個角色',
    message: (role, roles) => `「${role}」不是角色；可用的角色：${list(roles)}`,
    hint: () => 'writer（撰稿）編輯並送審，reviewer（審閱）核准或退回他人送審的修改，admin（管理）另外負責發布',
  },
  accountExists: {
    title: '帳號已存在',
    message: (name) => `已經有名為 ${name} 的帳號`,
    hint: (name) => `請改用其他名稱，或以 \`esg users reset ${name}\` 為 ${name} 設定新密碼`,
  },
  noSuchAccount: {
    title: '沒有這個帳號',
    message: (name, data) => `${data} 中沒有名為 ${name} 的帳號`,
    hint: () => '`esg users list` 會列出所有帳號；團隊資料夾不是預設位置時，請以 --data 指定',
  },
  weakPassword: {
    title: '密碼太短',
    message: (length, least) => (length === 0 ? '沒有從標準輸入讀到密碼' : `密碼只有 ${length} 個字元，至少需要 ${least} 個`),
    hint: () => '請從標準輸入送出密碼（一行）：`read -rs pw && echo "$pw" | esg users add ana --role writer`',
  },
  noAccounts: {
    title: '沒有團隊帳號',
    message: (data) => `${data} 中沒有任何帳號：沒有人能登入`,
    hint: () => '請先新增一個：`esg users add NAME --role admin` 會從標準輸入讀取密碼',
  },
};
