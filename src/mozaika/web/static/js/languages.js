// The languages the client speaks, each named in itself (the language menu's order), and the one a
// browser asks for first: navigator.languages is the browser's Accept-Language, most wanted first.

export const LANGUAGES = { en: "English", cs: "Čeština", de: "Deutsch", pl: "Polski", fr: "Français", es: "Español" };

/** The first of the browser's languages (`de-AT`, `pl`) that the client speaks, else English. */
export function browserLanguage(wanted = navigator.languages?.length ? navigator.languages : [navigator.language]) {
  for (const tag of wanted) {
    let code;
    try {
      code = new Intl.Locale(tag).language;
    } catch {
      continue;
    }
    if (code in LANGUAGES) return code;
  }
  return "en";
}
