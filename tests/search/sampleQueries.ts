/** Queries over the sample site, shared by the tests of search quality and of the sharded index. */

// Words from the text of the sample pages (not only their titles), typed as a reader might:
// in the locale's script, in the other script, with Latin codes.
export const cases: [locale: string, query: string, page: string][] = [
  ['zh_TW', '溫室氣體盤查', '/focus/climate/energy'],
  ['zh_TW', '碳足跡', '/focus/smart/green'],
  ['zh_TW', '取水', '/focus/climate/water'],
  ['zh_TW', '盡職調查', '/focus/care/human-rights'],
  ['zh_TW', '育嬰留職停薪', '/focus/care/retention'],
  ['zh_TW', '心理支持', '/focus/care/safe'],
  ['zh_TW', '承攬商', '/focus/care/safety'],
  ['zh_TW', '勞資溝通', '/focus/care/social'],
  ['zh_TW', '情境分析', '/focus/climate/action'],
  ['zh_TW', '空氣污染', '/focus/climate/protection'],
  ['zh_TW', '產業共生', '/focus/climate/waste'],
  ['zh_TW', '植樹造林', '/focus/local/ecology'],
  ['zh_TW', '閱讀推廣', '/focus/local/social'],
  ['zh_TW', '客戶隱私', '/focus/smart/communication'],
  ['zh_TW', '專利', '/focus/smart/product'],
  ['zh_TW', '有害物質', '/focus/smart/quality'],
  ['zh_TW', '檢舉', '/focus/sustainability/integrity'],
  ['zh_TW', '稅務', '/focus/sustainability/performance'],
  ['zh_TW', '三道防線', '/focus/sustainability/risk'],
  ['zh_TW', '責任礦產', '/focus/sustainability/supply'],
  ['zh_TW', '奇異果', '/kiwi'],
  ['zh_TW', '賽夏族', '/saisiyat'],
  ['zh_TW', '水質紀錄', '/Shuang-Xi'],
  ['zh_TW', '報告期間', '/about'],
  ['zh_TW', 'GRI 403 職業安全', '/focus/care/safety'],
  ['zh_TW', '2050 淨零', '/chairman'],
  ['zh_TW', '资讯安全', '/focus/sustainability/risk'],
  ['zh_TW', '循环经济', '/focus/climate/waste'],
  ['zh_CN', '温室气体盘查', '/focus/climate/energy'],
  ['zh_CN', '碳足迹', '/focus/smart/green'],
  ['zh_CN', '董事会', '/focus/sustainability/governance'],
  ['zh_CN', '三道防線', '/focus/sustainability/risk'],
  ['zh_CN', '賽夏族', '/saisiyat'],
  ['zh_CN', '節水', '/focus/climate/water'],
];

/** Further queries: one character (prefix), the other script, Latin words, codes and prefixes. */
export const moreQueries: [locale: string, queries: string[]][] = [
  ['zh_TW', ['減碳', '碳', '水', '溫室氣體', '排放', '氣體溫室', '环境', '永续', '职业安全', '诚信经营', '環境', '量子電腦', 'GRI 305', '305', 'gri 2-21', 'SDG 13', '2050', 'energy', '再生能源', '人權', 'e', '2', '減碳 GRI', '太陽光電', '供應商', '淨零', '水資源', '廢棄物', '董事會', '教育訓練', '生物多樣性', '社區', 'GRI 403', '職業安全']],
  ['zh_CN', ['减碳', '碳', '溫室氣體', '供应链', '環境', '环境', '永續', '董事會', 'GRI 201-1', '水', '太阳光电', '诚信经营', '净零', '人权', '废弃物', '教育训练', '生物多样性', '社区', '職業安全', '温室气体']],
  ['en', ['emissions', 'water', 'gri', 'safety', 'e', 'solar', 'integrit', 'net zero', 'report', '2024', 's', 'zz']],
];
