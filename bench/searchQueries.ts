/**
 * The queries of bench/searchVsPagefind.ts, each with the one page that best answers it, written
 * from the content (content/zh_TW/**, content/en/**, content/metrics.yaml) and checked against the
 * built pages, not against what any engine returns. A page is its address without the locale
 * prefix; the home page is `/`.
 *
 * Kinds:
 * - `exact`: the report's own term for the topic.
 * - `synonym`: a colloquial word or synonym the report does not use for that topic.
 * - `cross-script`: Simplified typed on zh_TW, or Traditional on zh_CN.
 * - `variant`: a Taiwan word on zh_CN or a mainland word on zh_TW (資訊/信息, 品質/质量 …). zh_CN is
 *   zh_TW converted by OpenCC (Taiwan → mainland phrases), so its text has 信息, 软件, 网络, 数字,
 *   项目 and 个人数据 where zh_TW has 資訊, 軟體, 網路, 數位, 專案 and 個人資料; it keeps 品质, 太阳光电,
 *   团体协约 and 捐血.
 * - `hub-vs-topic`: the words also stand on the home page (and its 2023/2024 editions), the
 *   chairman's or president's letter, the event list or a report index; the topic page is the
 *   answer.
 *   With `first`, the topic page must be the first result: an index or downloads page names the
 *   words in its tables' rows many times, the topic page in its headings and text.
 * - `goal`: a goal or a commitment the report sets (net zero, zero accidents, a reduction target, a
 *   pledge). The page about it must be the first result (tests/search/goals.test.ts): the
 *   performance tabs, the targets page, the strategy's goals, the report indexes and the home pages
 *   each name it in a line or a table row, the topic page in its description, headings and text.
 * - `partial`: a natural question of which only part is in the content.
 * - `code`: a GRI, SASB or SDG code.
 *
 * English exists only for the home page, `about`, `report-download`, `event` and the events written
 * in English (docs/product.md, "Locales"); every other /en/ address is a guard page that site
 * search leaves out, so the English queries expect those pages.
 */

export type QueryKind = 'exact' | 'synonym' | 'cross-script' | 'variant' | 'hub-vs-topic' | 'goal' | 'partial' | 'code';

export interface SearchQuery {
  locale: 'zh_TW' | 'zh_CN' | 'en';
  query: string;
  /** The expected page, without the locale prefix: `/focus/climate/energy`, `/event/<id>`, `/` for home. */
  page: string;
  kind: QueryKind;
  /** The page must be the first result, not only in the top three (every `goal` query must, too). */
  first?: true;
  note?: string;
}

export const searchQueries: SearchQuery[] = [
  // ——— zh_TW ———
  // exact
  { locale: 'zh_TW', query: '水資源管理', page: '/focus/climate/water', kind: 'exact', note: 'also the name of a row in the GRI, SASB and exchange indexes' },
  { locale: 'zh_TW', query: '生物多樣性', page: '/focus/local/ecology', kind: 'exact' },
  {
    locale: 'zh_TW',
    query: '情境分析',
    page: '/focus/climate/action',
    kind: 'exact',
    note: 'section 情境分析 (NDC, IEA NZE, SSP3-7.0, SSP5-8.5); report/climate only points to it',
  },
  { locale: 'zh_TW', query: '人權盡職調查', page: '/focus/care/human-rights', kind: 'exact' },
  { locale: 'zh_TW', query: '客戶滿意度', page: '/focus/smart/communication', kind: 'exact' },
  {
    locale: 'zh_TW',
    query: '產品碳足跡',
    page: '/focus/smart/green',
    kind: 'exact',
    note: 'section 產品碳足跡 with the footprint of each product; many pages mention the term',
  },
  {
    locale: 'zh_TW',
    query: '供應商行為準則',
    page: '/focus/sustainability/supply',
    kind: 'exact',
    note: 'the supply-chain page says every new supplier signs it; the 2024 supplier conference only launched its revision',
  },
  { locale: 'zh_TW', query: '稅務治理', page: '/focus/sustainability/performance', kind: 'exact' },
  { locale: 'zh_TW', query: '董事長的話', page: '/chairman', kind: 'exact' },
  { locale: 'zh_TW', query: '重大主題矩陣', page: '/materiality-analyze', kind: 'exact' },
  { locale: 'zh_TW', query: '全球盟約', page: '/report/UNGC-support', kind: 'exact' },
  { locale: 'zh_TW', query: '有限確信', page: '/report/accounting', kind: 'exact', note: 'the assurance page; about only summarises it' },
  { locale: 'zh_TW', query: '新冠肺炎', page: '/covid19', kind: 'exact' },
  {
    locale: 'zh_TW',
    query: '產學合作',
    page: '/focus/smart/product',
    kind: 'exact',
    note: 'section 產學合作與開放創新; empowerment mentions an 產學專班 in passing',
  },
  // synonym
  { locale: 'zh_TW', query: '職安', page: '/focus/care/safety', kind: 'synonym', note: 'the report writes 職業安全(衛生), never 職安' },
  { locale: 'zh_TW', query: '空污', page: '/focus/climate/protection', kind: 'synonym', note: 'the report writes 空氣污染' },
  {
    locale: 'zh_TW',
    query: '育嬰假',
    page: '/focus/care/retention',
    kind: 'synonym',
    note: 'the topic page writes 育嬰留職停薪; only the GRI index row 401-3 is titled 育嬰假, and it points to retention',
  },
  { locale: 'zh_TW', query: '貪污', page: '/focus/sustainability/integrity', kind: 'synonym', note: 'the report writes 貪腐' },
  {
    locale: 'zh_TW',
    query: '吹哨者保護',
    page: '/focus/sustainability/integrity',
    kind: 'synonym',
    note: 'whistleblowers: the report writes 檢舉 / 檢舉人 (section 檢舉與申訴制度)',
  },
  {
    locale: 'zh_TW',
    query: '獨董',
    page: '/focus/sustainability/governance',
    kind: 'synonym',
    note: 'short for 獨立董事 (board composition: four independent directors)',
  },
  {
    locale: 'zh_TW',
    query: '員工分紅',
    page: '/focus/care/retention',
    kind: 'synonym',
    note: 'profit sharing: the report writes 員工酬勞 (section 薪酬與激勵); a job seeker’s word',
  },
  // cross-script: Simplified on zh_TW
  {
    locale: 'zh_TW',
    query: '职业安全卫生委员会',
    page: '/focus/care/safety',
    kind: 'cross-script',
    note: 'defined under 安全衛生管理系統 (labour a third of its members); the health page mentions it',
  },
  {
    locale: 'zh_TW',
    query: '赛夏族文化传承',
    page: '/saisiyat',
    kind: 'cross-script',
    note: 'the project page of that title; focus/local/social, the home page and the quiz quote it',
  },
  { locale: 'zh_TW', query: '检举专线', page: '/focus/sustainability/integrity', kind: 'cross-script' },
  {
    locale: 'zh_TW',
    query: '废弃物再利用率',
    page: '/focus/climate/waste',
    kind: 'cross-script',
    note: 'also quoted by the home page, the chairman and the award ceremony',
  },
  {
    locale: 'zh_TW',
    query: '双溪河川与学校',
    page: '/Shuang-Xi',
    kind: 'cross-script',
    note: 'the project page of that title; focus/local/social has a section 雙溪河川與學校計畫',
  },
  // variant: mainland words on zh_TW
  { locale: 'zh_TW', query: '信息安全', page: '/focus/sustainability/risk', kind: 'variant', note: 'zh_TW writes 資訊安全 (section 資訊安全管理)' },
  { locale: 'zh_TW', query: '質量管理', page: '/focus/smart/quality', kind: 'variant', note: 'zh_TW writes 品質管理' },
  {
    locale: 'zh_TW',
    query: '數據中心',
    page: '/focus/smart/product',
    kind: 'variant',
    note: 'zh_TW writes 資料中心: the R&D page (its lead and the high-speed data cable); green and president mention it once',
  },
  { locale: 'zh_TW', query: '光伏發電', page: '/focus/climate/energy', kind: 'variant', note: 'mainland 光伏; zh_TW writes 太陽光電 (section 再生能源)' },
  // hub-vs-topic
  {
    locale: 'zh_TW',
    query: '溫室氣體排放',
    page: '/focus/climate/energy',
    kind: 'hub-vs-topic',
    first: true,
    note: 'a row of the exchange and SASB indexes, in a table; energy has the section 溫室氣體排放與盤查',
  },
  {
    locale: 'zh_TW',
    query: '人權',
    page: '/focus/care/human-rights',
    kind: 'hub-vs-topic',
    first: true,
    note: 'rows of the GRI index and the UNGC table name it; human-rights is the page about it',
  },
  {
    locale: 'zh_TW',
    query: '女性主管比例',
    page: '/focus/care/retention',
    kind: 'hub-vs-topic',
    note: 'figure on home, company, president and the indexes; retention has the figure and its history',
  },
  {
    locale: 'zh_TW',
    query: '三道防線',
    page: '/focus/sustainability/risk',
    kind: 'hub-vs-topic',
    note: 'home highlights and the president quote it; risk has the section 三道防線',
  },
  {
    locale: 'zh_TW',
    query: '減碳專案',
    page: '/focus/climate/energy',
    kind: 'hub-vs-topic',
    note: 'home, chairman, award ceremony and most indexes quote it; energy has 2024年節能減碳專案',
  },
  {
    locale: 'zh_TW',
    query: '太陽能裝置容量',
    page: '/focus/climate/energy',
    kind: 'hub-vs-topic',
    note: 'home, index2023/2024 and the chairman write 太陽能裝置容量; the topic page writes 太陽光電裝置容量',
  },
  {
    locale: 'zh_TW',
    query: '供應商永續大會',
    page: '/event/2024-supplier-conference',
    kind: 'hub-vs-topic',
    note: 'the event list quotes the title and summary',
  },
  {
    locale: 'zh_TW',
    query: '高階經理人績效指標',
    page: '/focus/sustainability/governance',
    kind: 'hub-vs-topic',
    note: 'home: 高階經理人績效指標連結 ESG; governance (薪酬政策與薪酬比率) gives the weight of sustainability in them',
  },
  // goal
  {
    locale: 'zh_TW',
    query: '淨零',
    page: '/focus/climate/action',
    kind: 'goal',
    note: 'performance/2, sustainable (綠色營運), the climate index and the rooftop-solar event each name 2050 淨零排放 in a line; action sets it (淨零排放目標年, 邁向淨零的主要行動)',
  },
  {
    locale: 'zh_TW',
    query: '淨零排放目標',
    page: '/focus/climate/action',
    kind: 'goal',
    note: 'sustainable writes 2050年淨零排放目標 in its strategy for 綠色營運',
  },
  { locale: 'zh_TW', query: '碳中和', page: '/focus/climate/action', kind: 'goal', note: 'the report says 淨零排放, never 碳中和' },
  { locale: 'zh_TW', query: '零碳排', page: '/focus/climate/action', kind: 'goal', note: 'a reader’s word for 淨零排放' },
  {
    locale: 'zh_TW',
    query: '節電減碳目標',
    page: '/focus/climate/action',
    kind: 'goal',
    note: 'the yearly saving and reduction target (自2022年起每年節電與減碳); energy and performance/2 give the projects and figures',
  },
  {
    locale: 'zh_TW',
    query: '零工安事故',
    page: '/focus/care/safety',
    kind: 'goal',
    note: 'safety’s lead: 目標是零死亡、零重大災害; sustainable’s strategy is titled 零災害的安全職場',
  },
  { locale: 'zh_TW', query: '零事故', page: '/focus/care/safety', kind: 'goal' },
  {
    locale: 'zh_TW',
    query: '零災害',
    page: '/focus/care/safety',
    kind: 'goal',
    note: 'the words of sustainable’s strategy title, a line among the five topics',
  },
  {
    locale: 'zh_TW',
    query: '零死亡',
    page: '/focus/care/safety',
    kind: 'goal',
    note: 'sustainable and sustainable/2 state it as a target, the materiality management table in a row',
  },
  {
    locale: 'zh_TW',
    query: '用水減量目標',
    page: '/focus/climate/water',
    kind: 'goal',
    note: 'the targets page lists the 2030 reduction against 2014; water gives it with its progress and measures',
  },
  {
    locale: 'zh_TW',
    query: '再生能源目標',
    page: '/focus/climate/energy',
    kind: 'goal',
    note: 'sustainable/2 (SDG 7) states the goal in a line; energy has 再生能源 and its 再生能源推動路徑',
  },
  {
    locale: 'zh_TW',
    query: '廢棄物再利用率目標',
    page: '/focus/climate/waste',
    kind: 'goal',
    note: 'a target of the targets page, and a row of its table; waste has the rate, its targets for 2025 and 2030, and how',
  },
  {
    locale: 'zh_TW',
    query: '人權承諾',
    page: '/focus/care/human-rights',
    kind: 'goal',
    note: 'section 人權政策與承諾; the UNGC table and the materiality pages name human rights',
  },
  { locale: 'zh_TW', query: '生物多樣性承諾', page: '/focus/local/ecology', kind: 'goal', note: 'a row of the GRI index (304) and a line of sustainable/2' },
  {
    locale: 'zh_TW',
    query: '承諾不使用衝突礦產',
    page: '/focus/sustainability/supply',
    kind: 'goal',
    note: 'section 責任礦產 (本公司承諾不使用來自衝突地區…); the SASB index lists conflict minerals',
  },
  // partial
  {
    locale: 'zh_TW',
    query: '公司的再生能源目標是什麼',
    page: '/focus/climate/energy',
    kind: 'partial',
    note: 'section 再生能源 and its 再生能源推動路徑 (green power by 2030); climate/action gives the same deadline as one figure',
  },
  {
    locale: 'zh_TW',
    query: '工廠噪音太吵要找誰陳情',
    page: '/focus/local/neigh',
    kind: 'partial',
    note: 'a neighbour: 24 小時陳情專線 and 環境資訊公開與陳情處理',
  },
  { locale: 'zh_TW', query: '有沒有僱用童工', page: '/focus/care/human-rights', kind: 'partial' },
  { locale: 'zh_TW', query: '董事會有幾位女性董事', page: '/focus/sustainability/governance', kind: 'partial' },
  {
    locale: 'zh_TW',
    query: '一年種了多少棵樹',
    page: '/focus/local/ecology',
    kind: 'partial',
    note: 'the report counts 株 of 原生樹苗 (植樹造林行動); two tree-planting events give one day each',
  },
  {
    locale: 'zh_TW',
    query: '怎麼達成2050淨零',
    page: '/focus/climate/action',
    kind: 'partial',
    note: 'section 轉型計畫與進度 (邁向淨零的主要行動); the chairman’s letter only states the aim',
  },
  // code
  {
    locale: 'zh_TW',
    query: 'GRI 303-3',
    page: '/report/gri',
    kind: 'code',
    note: 'the index lists 303-3 取水量; report/accounting names it as an assured indicator',
  },
  { locale: 'zh_TW', query: 'EM-IS-130a.1', page: '/report/sasb', kind: 'code' },

  // ——— zh_CN (text converted from zh_TW) ———
  // exact
  { locale: 'zh_CN', query: '水资源管理', page: '/focus/climate/water', kind: 'exact' },
  { locale: 'zh_CN', query: '人权尽职调查', page: '/focus/care/human-rights', kind: 'exact' },
  { locale: 'zh_CN', query: '客户满意度', page: '/focus/smart/communication', kind: 'exact' },
  { locale: 'zh_CN', query: '生物多样性', page: '/focus/local/ecology', kind: 'exact' },
  { locale: 'zh_CN', query: '董事长的话', page: '/chairman', kind: 'exact' },
  // cross-script: Traditional on zh_CN
  { locale: 'zh_CN', query: '產品碳足跡', page: '/focus/smart/green', kind: 'cross-script' },
  {
    locale: 'zh_CN',
    query: '台東奇異果契作',
    page: '/kiwi',
    kind: 'cross-script',
    note: 'the project page of that title; enterprise and the farmers’ market event are about the same farmers',
  },
  {
    locale: 'zh_CN',
    query: '誠信經營',
    page: '/focus/sustainability/integrity',
    kind: 'cross-script',
    note: 'also one of the five topics of /sustainable and quoted on home',
  },
  { locale: 'zh_CN', query: '職業安全', page: '/focus/care/safety', kind: 'cross-script' },
  // variant: Taiwan words and mainland words on zh_CN
  { locale: 'zh_CN', query: '资讯安全', page: '/focus/sustainability/risk', kind: 'variant', note: 'Taiwan word; zh_CN writes 信息安全' },
  { locale: 'zh_CN', query: '质量管理', page: '/focus/smart/quality', kind: 'variant', note: 'mainland word; zh_CN keeps 品质管理' },
  {
    locale: 'zh_CN',
    query: '个人信息保护',
    page: '/focus/smart/communication',
    kind: 'variant',
    note: 'mainland term; zh_CN writes 个人数据保护 (客户隐私与数据保护)',
  },
  { locale: 'zh_CN', query: '光伏装机容量', page: '/focus/climate/energy', kind: 'variant', note: 'mainland words; zh_CN writes 屋顶太阳光电装置容量' },
  { locale: 'zh_CN', query: '数位转型', page: '/president', kind: 'variant', note: 'Taiwan word; zh_CN writes 数字转型 (president: 数字转型与信息安全)' },
  { locale: 'zh_CN', query: '集体合同', page: '/focus/care/social', kind: 'variant', note: 'mainland term; zh_CN keeps 团体协约 (劳资沟通)' },
  { locale: 'zh_CN', query: '安全生产', page: '/focus/care/safety', kind: 'variant', note: 'mainland term for workplace safety; zh_CN writes 职业安全' },
  {
    locale: 'zh_CN',
    query: '献血活动',
    page: '/focus/local/weak',
    kind: 'variant',
    note: 'mainland 献血; zh_CN keeps 捐血. The section 捐血活动 covers the yearly drives; the 2023 event is one of them',
  },
  // synonym
  { locale: 'zh_CN', query: '空污', page: '/focus/climate/protection', kind: 'synonym', note: 'the report writes 空气污染' },
  { locale: 'zh_CN', query: '贪污', page: '/focus/sustainability/integrity', kind: 'synonym', note: 'the report writes 贪腐' },
  // hub-vs-topic
  {
    locale: 'zh_CN',
    query: '温室气体排放',
    page: '/focus/climate/energy',
    kind: 'hub-vs-topic',
    first: true,
    note: 'a row of the exchange and SASB indexes, in a table',
  },
  { locale: 'zh_CN', query: '女性主管比例', page: '/focus/care/retention', kind: 'hub-vs-topic' },
  {
    locale: 'zh_CN',
    query: '减碳项目',
    page: '/focus/climate/energy',
    kind: 'hub-vs-topic',
    note: 'home and the letters write 减碳项目; the topic page 节能减碳项目',
  },
  { locale: 'zh_CN', query: '三道防线', page: '/focus/sustainability/risk', kind: 'hub-vs-topic' },
  // goal
  { locale: 'zh_CN', query: '净零', page: '/focus/climate/action', kind: 'goal' },
  { locale: 'zh_CN', query: '碳中和目标', page: '/focus/climate/action', kind: 'goal', note: 'the report says 净零排放目标' },
  { locale: 'zh_CN', query: '零工伤', page: '/focus/care/safety', kind: 'goal', note: 'mainland word; the report writes 零重大灾害 and 零死亡' },
  { locale: 'zh_CN', query: '用水减量目标', page: '/focus/climate/water', kind: 'goal' },
  { locale: 'zh_CN', query: '生物多样性承诺', page: '/focus/local/ecology', kind: 'goal' },
  // partial
  { locale: 'zh_CN', query: '员工可以请几天陪产假', page: '/focus/care/social', kind: 'partial', note: '家庭友善职场: 陪产假十日' },
  { locale: 'zh_CN', query: '公司一年用多少水', page: '/focus/climate/water', kind: 'partial', note: 'the report writes 取水量 / 用水量' },
  // code
  { locale: 'zh_CN', query: 'GRI 401-3', page: '/report/gri', kind: 'code' },

  // ——— en ———
  // exact
  {
    locale: 'en',
    query: 'About This Report',
    page: '/about',
    kind: 'hub-vs-topic',
    first: true,
    note: 'the downloads page lists each edition’s “Sustainability Report” in its table; about is the page of that title',
  },
  { locale: 'en', query: 'reporting boundary', page: '/about', kind: 'exact' },
  { locale: 'en', query: 'external assurance', page: '/about', kind: 'exact', note: 'report/accounting is not in English (guard page)' },
  { locale: 'en', query: 'restatement of Scope 2 emissions', page: '/about', kind: 'exact' },
  { locale: 'en', query: 'Supplier Code of Conduct', page: '/event/2024-supplier-conference', kind: 'exact' },
  { locale: 'en', query: 'Carbon Reduction Pioneer Award', page: '/event/2025-esg-award-ceremony', kind: 'exact' },
  { locale: 'en', query: 'women in management', page: '/', kind: 'exact', note: 'only the home page has it in English (retention is a guard page)' },
  // synonym
  {
    locale: 'en',
    query: 'CSR report',
    page: '/report-download',
    kind: 'synonym',
    note: 'the site spells out Corporate Social Responsibility Reports (the 2020 and 2021 editions, downloadable there)',
  },
  {
    locale: 'en',
    query: 'green power',
    page: '/event/2023-rooftop-solar-inauguration',
    kind: 'synonym',
    note: 'the English pages say solar and renewable electricity; the home page has green and power in other senses',
  },
  { locale: 'en', query: 'bribery', page: '/event/2024-integrity-training', kind: 'synonym', note: 'the English pages say anti-corruption' },
  // hub-vs-topic
  {
    locale: 'en',
    query: 'Kaohsiung rooftop solar',
    page: '/event/2023-rooftop-solar-inauguration',
    kind: 'hub-vs-topic',
    note: 'the home page has rooftop solar capacity and Kaohsiung in its banners',
  },
  {
    locale: 'en',
    query: 'kiwi farmers market',
    page: '/event/2024-kiwi-farmer-market',
    kind: 'hub-vs-topic',
    note: 'home has the kiwifruit project card; every event page lists it among other events',
  },
  {
    locale: 'en',
    query: 'Saisiyat cultural heritage',
    page: '/event/2023-saisiyat-culture-festival',
    kind: 'hub-vs-topic',
    note: 'the home page’s project card has exactly this title; the project page is not in English',
  },
  {
    locale: 'en',
    query: 'integrity training',
    page: '/event/2024-integrity-training',
    kind: 'hub-vs-topic',
    note: 'home performance figure “Integrity training”',
  },
  {
    locale: 'en',
    query: 'reading programme for schools',
    page: '/event/2024-school-reading-support',
    kind: 'hub-vs-topic',
    note: 'the award ceremony mentions the reading programme',
  },
  {
    locale: 'en',
    query: 'Shuangxi river water testing',
    page: '/event/2024-shuang-xi-river-school-day',
    kind: 'hub-vs-topic',
    note: 'the home project card: bringing water testing … into the classroom',
  },
  // goal: the English site has no topic pages, so the page about a goal is the event that pursues it
  {
    locale: 'en',
    query: 'net zero',
    page: '/event/2023-rooftop-solar-inauguration',
    kind: 'goal',
    note: 'the home page’s banner says net zero by 2050; the solar system is a step on the road to it',
  },
  {
    locale: 'en',
    query: 'zero tolerance of forced labour',
    page: '/event/2024-supplier-conference',
    kind: 'goal',
    note: 'the revised Supplier Code of Conduct launched there',
  },
  {
    locale: 'en',
    query: 'rooftop solar capacity target',
    page: '/event/2023-rooftop-solar-inauguration',
    kind: 'goal',
    note: 'the event sets out the capacity the company aims at; the targets page lists the target with its progress, the home page gives the capacity',
  },
  // partial
  { locale: 'en', query: 'where can I download older reports', page: '/report-download', kind: 'partial' },
  { locale: 'en', query: 'how do you help suppliers with carbon inventories', page: '/event/2024-supplier-conference', kind: 'partial' },
  {
    locale: 'en',
    query: 'who won the sustainability awards',
    page: '/event/2025-esg-award-ceremony',
    kind: 'partial',
    note: 'home has a Recognition list of external awards; the question is about the company’s own awards (“The winners”)',
  },
  { locale: 'en', query: 'how can I contact you about the report', page: '/about', kind: 'partial' },
  // code
  { locale: 'en', query: 'SASB Iron & Steel Producers', page: '/about', kind: 'code', note: 'reporting standards list; the SASB index is not in English' },
];
