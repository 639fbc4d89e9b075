// What every board family shares: the game's catalogue entry, and how sources of tiles are named.

import { colourName, t } from "../i18n.js";

export class BoardFamily {
  constructor(entry) {
    this.id = entry.id;
    this.theme = entry.theme;
    this.layout = entry.board;
  }

  sourceName(source) {
    return source === "C" ? t("centre") : t("factory_n", { n: source });
  }

  /** How a group of tiles in a factory or the centre is announced: "factory 2: blue". */
  sourceLabel(source, letter) {
    return `${this.sourceName(source)}: ${colourName(this.theme, letter)}`;
  }
}
