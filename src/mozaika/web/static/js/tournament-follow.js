// A player's next tournament table opens for them by itself: every page of the client listens to the
// tournaments the player is in, and when a round is paired with a table of theirs, it goes there —
// unless they are in the middle of another game, when a message says where their table is.

import { Live, get } from "./api.js";
import { toast } from "./dom.js";
import { t } from "./i18n.js";
import { navigate } from "./router.js";
import { session } from "./session.js";

const followed = new Map();
let followedFor = null;

/** Listen to a tournament the player is in (joined, created or started from this page). */
export function followTournament(id) {
  if (followed.has(id) || !session.me) return;
  followed.set(id, new Live(`/tournaments/${id}/live`, { onEvent: (event) => paired(event) }));
}

/** Listen to every upcoming and running tournament the signed-in player joined (again when another signs in). */
export async function followMyTournaments() {
  const who = session.me && !session.me.guest ? session.me.id : null;
  if (who === followedFor) return;
  followedFor = who;
  for (const live of followed.values()) live.close();
  followed.clear();
  if (who === null) return;
  try {
    const listing = await get("/tournaments");
    for (const entry of [...listing.upcoming, ...listing.running]) if (entry.joined) followTournament(entry.id);
  } catch {
    // The tournaments' pages still show the player's table; nothing opens by itself this time.
  }
}

async function paired(event) {
  const me = session.me?.id;
  const mine = event.tables?.find((table) => table.players.includes(me));
  if (!mine) return;
  const here = location.pathname;
  if (here === `/tables/${mine.table}`) return;
  if (here.startsWith("/tables/") && await playing(here.slice("/tables/".length))) {
    toast(t("tournament.next_table_waits"));
    return;
  }
  toast(t("tournament.next_table_opens"));
  navigate(`/tables/${mine.table}`);
}

/** Whether the page shows a running game the player sits at (leaving it would be a surprise). */
async function playing(tableId) {
  try {
    const table = await get(`/tables/${tableId}`);
    return table.status === "running" && table.you !== null;
  } catch {
    return false;
  }
}
