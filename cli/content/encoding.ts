import { isUtf8 } from 'node:buffer';
import { errors } from '../errorCatalogue.ts';
import { codeFrame, problem, type ContentProblem } from '../errors.ts';

/**
 * A content file's text, or why it is not UTF-8. A byte-order mark stays (the YAML parser skips
 * it, and columns count it as before). A file in another encoding is not guessed into text: its
 * problem names the first byte UTF-8 cannot read, and the encoding it most likely is in, decoded
 * so that the code frame shows the editor's own words.
 */
export function decodeContent(file: string, bytes: Buffer): { text: string; problem?: ContentProblem } {
  const utf16 = utf16Order(bytes);
  if (!utf16 && isUtf8(bytes)) return { text: bytes.toString('utf8') };
  const offset = utf16 ? 0 : firstBadByte(bytes);
  const guess = utf16 ?? likelyEncoding(bytes);
  const text = guess ? new TextDecoder(guess.label).decode(bytes) : new TextDecoder('utf-8').decode(bytes);
  const { line, column } = utf16 ? { line: 1, column: 1 } : placeOf(bytes, offset, guess?.label ?? 'latin1');
  const byte = `0x${bytes[offset]!.toString(16).toUpperCase().padStart(2, '0')}`;
  const frame = codeFrame(text.replace(/\r\n?/g, '\n'), line, column);
  return { text: '', problem: problem(errors.notUtf8, { file, line, column, frame }, byte, guess?.name, file) };
}

/** An encoding a content file is likely in, with its name as editors and iconv know it. */
interface Encoding {
  /** TextDecoder's label. */
  label: string;
  /** The name editors show and iconv takes: Big5, GB18030, UTF-16LE. */
  name: string;
}

/** UTF-16 by its byte-order mark, or by the zero bytes of Latin text written in it (YAML keys are). */
function utf16Order(bytes: Buffer): Encoding | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { label: 'utf-16le', name: 'UTF-16LE' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { label: 'utf-16be', name: 'UTF-16BE' };
  const sample = bytes.subarray(0, 512);
  let evenZeros = 0;
  let oddZeros = 0;
  sample.forEach((byte, index) => {
    if (byte === 0) index % 2 ? oddZeros++ : evenZeros++;
  });
  const half = sample.length / 2;
  if (oddZeros > half * 0.3 && evenZeros < half * 0.05) return { label: 'utf-16le', name: 'UTF-16LE' };
  if (evenZeros > half * 0.3 && oddZeros < half * 0.05) return { label: 'utf-16be', name: 'UTF-16BE' };
  return undefined;
}

/** The offset of the first byte that starts no valid UTF-8 sequence. */
function firstBadByte(bytes: Buffer): number {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at]!;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (!length || !isUtf8(bytes.subarray(at, at + length))) return at;
    at += length;
  }
  return at;
}

/**
 * Big5 (what Traditional Chinese Windows writes) or GB18030 (Simplified Chinese Windows): both
 * decode most byte pairs of the other, so the one whose text has more of the commonest characters
 * wins. Undefined when neither reads the file.
 */
function likelyEncoding(bytes: Buffer): Encoding | undefined {
  const candidates: Encoding[] = [
    { label: 'big5', name: 'Big5' },
    { label: 'gb18030', name: 'GB18030' },
  ];
  let best: { encoding: Encoding; score: number } | undefined;
  for (const encoding of candidates) {
    let text: string;
    try {
      text = new TextDecoder(encoding.label, { fatal: true }).decode(bytes);
    } catch {
      continue;
    }
    let score = 0;
    for (const char of text) if (commonCharacters.has(char)) score++;
    if (!best || score > best.score) best = { encoding, score };
  }
  return best && best.score > 0 ? best.encoding : undefined;
}

/** Line and column (1-based) of a byte, the line's start decoded as `label` to count its characters. */
function placeOf(bytes: Buffer, offset: number, label: string): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let at = bytes.indexOf(0x0a); at >= 0 && at < offset; at = bytes.indexOf(0x0a, at + 1)) {
    line++;
    start = at + 1;
  }
  return { line, column: [...new TextDecoder(label).decode(bytes.subarray(start, offset))].length + 1 };
}

/**
 * Some of the commonest characters of Chinese text, in both scripts: Big5 bytes read as GB18030
 * (or the other way round) give rare characters instead.
 */
const commonCharacters = new Set(
  '的一是不了在人有我他這个們中來上大為和國地到以說時要就出會可也你對生能而子那得於著下自之年過發後作裡用道行所然家種事成方多經么去法學如都同現當沒動面起看定天分還進好小部其些主樣理心她本前開但因只從想實日軍者意無力它與長把機十民第公此已工使情明性知全三又關點正業外將兩高間由問很最重並物手應戰向頭文體政美相見被利什二等產或新己制身果加西斯月話合回特代內信表化老給世位次度門任常先海通教兒原東聲提立及比員解水名真論處走義各入幾口認條平系氣題活爾更別打女變四神總何電數安少報才結反受目太量再感建務做接必場件計管期市直德資命山金指克許統區保至隊形社便空決治展馬科司五基眼書非則聽白卻界達光放強即像難且權思王象完設式色路記南品住告類求據程北邊死張該交規萬取拉格望覺術領共確傳師觀清今切院讓識候帶導爭運笑飛風步改收根幹造言聯持組每濟車親極林服快辦議往元英士證近失轉夫令準布始怎呢存未遠叫台單影具羅字愛擊流備兵連調深商算質團集百需價花黨華城石級整府離況亞請技際約示復病息究線似官火斷精滿支視消越器容照須九增研寫稱企八功嗎包片史委乎查輕易早曾除農找裝廣顯吧阿李標談吃圖念六引歷首醫局突專費號盡另周較注語僅考落青隨選列武紅響雖推勢參希古眾構房半節土投某案黑維革劃敵致陳律足態護七興派孩驗責營星夠章音跟志底站嚴巴例防族供效續施留講型料終答緊黃絕奇察母京段依批群項故按河米圍江織害斗雙境客紀採舉殺攻父蘇密低朝友訴止細願千值仍男錢破網熱助倒育屬坐帝限船臉職速刻樂否剛威毛狀率甚獨球般普怕彈校苦創假久錯承印晚蘭試股拿腦預誰益陽若哪微尼繼送急血驚傷素藥適波夜省初喜衛源食險待述陸習置居勞財環排福納歡雷警獲模充負雲停木遊龍樹疑層冷洲沖射略範竟句室異激漢村哈策演簡卡罪判擔州靜退既衣您宗積余痛檢差富靈協角佔配征修皮揮勝降階審沉堅善媽劉讀啊超免壓銀買皇養伊懷執副亂抗犯追幫宣佛歲航優怪香著田鐵控稅左右份穿藝背陣草腳概惡塊頓敢守酒島托央戶烈洋哥索胡款靠評版寶座釋景顧弟登貨互付伯慢歐換聞危忙核暗姐介壞討麗良序升監臨亮露永呼味野架域沙掉括艦魚雜誤湯喝遭狂獎頁環保綠能源碳排放廢棄物永續治理員工供應商客戶社會責任安全衛生教育訓練' +
    '这个们来为国说时会对发过后里还进实军着么与长机无关点业将两间问动经种现开没当学见东电边让识带导计区张问组织认话报统资条产质团务线总华阳网热录员类运础设养领调爱区团剧织际规图书话乐写观尽护阵续阶层讲钱亲听标证号应战环绿碳废弃续责训练卫'.split(''),
);
