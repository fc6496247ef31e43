/** opencc-js's dictionaries (`opencc-js/dict/TWPhrases`): each a string of `from to|from to|…` entries. */
declare module 'opencc-js/dict/*' {
  const dictionary: string;
  export default dictionary;
}
