// Starting the page: who is signed in, which language, and which view the address asks for.

import { adminPage } from "./admin.js";
import { explain, t, useLanguage } from "./i18n.js";
import { analysisPage } from "./analysis.js";
import { learnPage } from "./learn.js";
import { playAgainButton } from "./community.js";
import { leaderboardPage } from "./leaderboard.js";
import { joinPage, lobbyPage } from "./lobby.js";
import { prefs } from "./prefs.js";
import { profilePage } from "./profile.js";
import { confirmEmailPage } from "./reminders.js";
import { replayPage } from "./replay.js";
import { afterResult } from "./result.js";
import { reviewPanel } from "./review.js";
import { route, show } from "./router.js";
import { loadSession } from "./session.js";
import { tablePage } from "./table.js";
import { tournamentNote, tournamentPage, tournamentsPage } from "./tournaments.js";
import { renderTopBar } from "./topbar.js";

route(/^\/$/, (root, query) => lobbyPage(root, query));
route(/^\/tables\/([A-Za-z0-9_-]+)$/, (root, id) => tablePage(root, id));
route(/^\/join\/([A-Za-z0-9_-]+)$/, (root, id, query) => joinPage(root, id, query));
route(/^\/replay\/([A-Za-z0-9_-]+)$/, (root, id, query) => replayPage(root, id, query));
route(/^\/analysis$/, (root, query) => analysisPage(root, query));
route(/^\/confirm-email$/, (root) => confirmEmailPage(root));
route(/^\/learn\/([a-z]+)$/, (root, game, query) => learnPage(root, game, query));
route(/^\/players\/([^/]+)$/, (root, key) => profilePage(root, key));
route(/^\/leaderboard$/, (root, query) => leaderboardPage(root, null, query));
route(/^\/leaderboard\/([a-z0-9_-]+)$/, (root, game, query) => leaderboardPage(root, game, query));
route(/^\/admin$/, (root) => adminPage(root));
route(/^\/tournaments$/, (root) => tournamentsPage(root));
route(/^\/tournaments\/([A-Za-z0-9_-]+)$/, (root, id) => tournamentPage(root, id));

// Every finished game's result, at the table and in the replay, ends with its review; a tournament's
// game first names its tournament.
afterResult((table, names, tableId) => tournamentNote(table, tableId));
afterResult((table, names, tableId) => playAgainButton(table, tableId));
afterResult((table, names, tableId) => reviewPanel(tableId, names));

async function start() {
  await Promise.all([useLanguage(prefs.language), loadSession()]);
  document.querySelector(".skip").textContent = t("skip_to_content");
  renderTopBar();
  try {
    await show();
  } catch (error) {
    document.getElementById("main").replaceChildren(document.createTextNode(`${t("error")}: ${explain(error)}`));
  }
  document.body.dataset.ready = "true";
  document.body.dataset.drawnIn = document.documentElement.lang;
}

start();
