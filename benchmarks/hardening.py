"""Reproductions of the fourth round of hardening's findings, against any checkout, on loopback.

Starts the checkout's own ``mozaika serve`` (and, for the findings about a deployment,
Debian's nginx with the site of the checkout's own ``docs/deploy.md``, without TLS),
attacks it as each finding says, and prints one line per finding with what it measured:

    PYTHONPATH=/path/to/checkout/src python3 benchmarks/hardening.py --checkout /path/to/checkout

1. One address opens ``--sockets`` spectator WebSockets to one running table, through
   nginx and directly, with the server started at a soft limit of 1,024 open files (a
   systemd unit without ``LimitNOFILE``): how many are accepted, and whether another
   player's healthz and move are answered while they are held.
2. Slowloris: ``--slow`` connections from one address and 1,200 from 24 others send
   headers that never end, held 22 s: how many the server closed, and healthz meanwhile.
3. ``mozaika restore`` of a backup with a trigger added (chatting makes an account an
   administrator) and of one whose schema version is ``9999_future``; ``check-db`` on each.
4. The analysis board: options colliding with ``new_game``'s arguments or switching
   chance off, and the expert asked about a Summer Pavilion position with no legal move.
5. Moderation: a guest from a banned account's address, a chatting guest made in a muted
   account's browser, an invitation by name from a muted account.
6. Rate limits: 200 settings changes and 200 mute toggles from one session; guests made
   with Redis unreachable (a closed port) and hung (a listener that never answers).
7. PostgreSQL's connections to the server's database terminated while moves are sent:
   the moves' answers, and tracebacks in the log.
8. A followed player's presence to a non-follower, guest pages by counting, the version
   in ``/healthz``, and ``/readyz``, ``/docs``, ``/openapi.json`` through nginx.

Bounded: every loop has a count or a deadline, everything is on loopback, every process
the script starts is stopped by it; the whole run takes one to two minutes.  Finding 7
needs ``--postgres`` (default ``$MOZAIKA_TEST_POSTGRES_URL``), whose role may create
databases: it makes one of its own and drops it.  Exits with 0 when every finding ran
(whatever it measured), 1 when one could not (its line says why).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import re
import shutil
import sqlite3
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from pathlib import Path

import httpx
import websockets
from websockets.asyncio.client import ClientConnection

from hardeningkit import (
    HOST,
    Checkout,
    Nginx,
    Server,
    account,
    bearer,
    client,
    free_port,
    guest,
    next_move,
    raise_own_open_files_limit,
    running_table,
    soft_open_files_limit,
    timed,
)

LOW_OPEN_FILES = 1024
"""The soft limit of open files a systemd unit without ``LimitNOFILE`` gives the server."""
PAVILION_WITHOUT_A_MOVE = (
    "pavilion r:5 p:bonus t:2 s:2 m:1 f:-/-/-/-/- sup:- bonus:3 tower:14.13.13.18.11.14 "
    "1:1,RRR,2O3/6/6/6/6/6/6,passed,@1.0.5.0.0.0 2:3,RBGGGPP,1O2OO/R5/6/1Y4/6/1P4/6,@7.3.6.0.0.0 seed:0.6"
)
"""Summer Pavilion, the bonus phase: seat 2 is to move and has no legal move."""


def counted(outcomes: Counter[str]) -> str:
    return ", ".join(f"{count} x {what}" for what, count in outcomes.most_common()) or "none"


def shortened(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def last_line(output: str, folder: Path | None = None, width: int = 200) -> str:
    """The last line of a command's output, with ``folder`` (where this script's files are) left out."""
    if folder is not None:
        output = output.replace(f"{folder}/", "")
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    return repr(shortened(lines[-1] if lines else "(no output)", width))


def tracebacks(server: Server) -> int:
    """The errors the server logged with a traceback."""
    lines = server.log_text().splitlines()
    return sum(1 for line, after in itertools.pairwise(lines) if " ERROR " in line and after.startswith("Traceback"))


def logged_errors(server: Server) -> str:
    """How many errors the server logged, and the most common exception among them."""
    lines = server.log_text().splitlines()
    errors = sum(1 for line in lines if " ERROR " in line)
    exceptions = Counter(line for line in lines if re.match(r"^[\w.]+(Error|Exception|Shutdown)\b.*: ", line))
    if not exceptions:
        return f"{errors} errors"
    common = exceptions.most_common(1)[0][0]
    return f"{errors} errors, most often {shortened(common, 100)!r}"


# 1. Spectator sockets from one address.


async def spectate(url: str, table: str, source: str, held: list[ClientConnection], outcomes: Counter[str]) -> None:
    """One anonymous spectator's socket: kept in ``held`` when the table's ``hello`` came, else how it ended."""
    address = url.replace("http://", "ws://") + f"/api/tables/{table}/live"
    try:
        socket = await websockets.connect(
            address, local_addr=(source, 0), proxy=None, ping_interval=None, open_timeout=5, compression=None
        )
    except websockets.InvalidStatus as refused:
        outcomes[f"HTTP {refused.response.status_code}"] += 1
        return
    except TimeoutError:
        outcomes["no handshake in 5 s"] += 1
        return
    except (OSError, websockets.InvalidHandshake) as error:  # InvalidMessage: closed before the handshake's answer
        outcomes[f"no handshake ({type(error).__name__})"] += 1
        return
    try:
        first = json.loads(await asyncio.wait_for(socket.recv(), 5))
        if first.get("type") != "error":
            held.append(socket)
            outcomes["accepted"] += 1
            return
        await asyncio.wait_for(socket.wait_closed(), 5)
        code = socket.close_code
        outcomes[f"closed {code} ({first['error']['message']})"] += 1
    except websockets.ConnectionClosed as closed:
        outcomes[f"closed {closed.rcvd.code if closed.rcvd else 'without a code'}"] += 1
    except TimeoutError:
        outcomes["no first message in 5 s"] += 1
    socket.transport.abort()


async def spectator_flood(server: Server, url: str, sockets: int, attacker: str, player: str) -> str:
    """``sockets`` spectators of one running table from ``attacker``, then another player's requests."""
    async with client(url, player) as http:
        first, second = await guest(http, "Ana"), await guest(http, "Ben")
        table = await running_table(http, first, second)
        turn = await next_move(http, table, [first, second])
    held: list[ClientConnection] = []
    outcomes: Counter[str] = Counter()
    at_once = asyncio.Semaphore(50)

    async def one() -> None:
        async with at_once:
            await spectate(url, table, attacker, held, outcomes)

    started = time.monotonic()
    await asyncio.gather(*(one() for _ in range(sockets)))
    opening = time.monotonic() - started
    async with client(url, "127.0.0.4", timeout=5) as bystander:
        healthz = await timed(bystander.get("/healthz"))
    move = "none to play"
    if turn is not None:
        async with client(url, player, timeout=5) as http:
            move = await timed(http.post(f"/api/tables/{table}/moves", json=turn[1], headers=bearer(turn[0])))
    limit = soft_open_files_limit(server.pid)
    errors = logged_errors(server)
    for socket in held:
        socket.transport.abort()
    refused = sockets - outcomes["accepted"]
    refusals = counted(Counter({what: count for what, count in outcomes.items() if what != "accepted"}))
    return (
        f"{sockets} opened in {opening:.1f} s, {outcomes['accepted']} accepted, {refused} refused ({refusals}); "
        f"meanwhile another player's healthz {healthz}, move {move}; the server's soft open-files limit "
        f"{LOW_OPEN_FILES} at start, {limit} now; its log: {errors}"
    )


async def finding_spectators(checkout: Checkout, folder: Path, sockets: int) -> list[str]:
    deployed = Server(checkout, folder, "deployed", "--proxy-ip", HOST, open_files=LOW_OPEN_FILES)
    async with deployed, Nginx(checkout, folder, deployed.port) as nginx:
        settings = f"{nginx.directive('limit_conn')}, {nginx.directive('proxy_read_timeout')}"
        through = await spectator_flood(deployed, nginx.url, sockets, "127.0.0.2", "127.0.0.3")
    async with Server(checkout, folder, "laptop", open_files=LOW_OPEN_FILES) as laptop:
        directly = await spectator_flood(laptop, laptop.url, sockets, "127.0.0.2", "127.0.0.3")
    return [
        f"spectator sockets from one address through nginx ({settings}): {through}",
        f"spectator sockets from one address, directly: {directly}",
    ]


# 2. Slowloris.


async def half_sent_request(port: int, source: str, hold: float, closed: list[tuple[str, float, str]]) -> None:
    """A request whose headers never end, held ``hold`` seconds: notes when and how the server ended it."""
    started = time.monotonic()
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, port, local_addr=(source, 0)), 5)
    except (OSError, TimeoutError) as error:
        closed.append((source, 0.0, f"not connected ({type(error).__name__})"))
        return
    writer.write(f"GET /healthz HTTP/1.1\r\nHost: {HOST}:{port}\r\nUser-Agent: slow".encode())
    answer = b""
    try:
        while True:
            chunk = await asyncio.wait_for(reader.read(4096), hold - (time.monotonic() - started))
            if not chunk:
                break
            answer += chunk
    except TimeoutError:
        closed.append((source, hold, "still open"))
        writer.transport.abort()
        return
    except OSError as error:
        closed.append((source, time.monotonic() - started, f"reset ({type(error).__name__})"))
        writer.transport.abort()
        return
    status = answer.split(b"\r\n", 1)[0].decode(errors="replace")[9:12]
    closed.append((source, time.monotonic() - started, f"answered {status}, closed" if status else "closed"))
    writer.transport.abort()


def slow_summary(ended: list[tuple[str, float, str]]) -> str:
    kinds: Counter[str] = Counter()
    for _, after, how in ended:
        if how == "still open":
            kinds["still open"] += 1
        elif after < 2:
            kinds[f"{how} at once"] += 1
        else:
            kinds[f"{how} after {after:.0f} s"] += 1
    return counted(kinds)


async def finding_slowloris(checkout: Checkout, folder: Path, slow: int) -> list[str]:
    hold, others = 22.0, [f"127.0.1.{number}" for number in range(1, 25)]
    async with Server(checkout, folder, "slowloris", open_files=LOW_OPEN_FILES) as server:
        ended: list[tuple[str, float, str]] = []
        sources = ["127.0.0.20"] * slow + [address for address in others for _ in range(50)]
        holding = asyncio.gather(*(half_sent_request(server.port, source, hold, ended) for source in sources))
        await asyncio.sleep(5)
        async with client(server.url, "127.0.0.4", timeout=5) as bystander:
            during = await timed(bystander.get("/healthz"))
        await holding
        async with client(server.url, "127.0.0.4", timeout=5) as bystander:
            after = await timed(bystander.get("/healthz"))
        limit = soft_open_files_limit(server.pid)
    one = slow_summary([end for end in ended if end[0] == "127.0.0.20"])
    rest = slow_summary([end for end in ended if end[0] != "127.0.0.20"])
    return [
        f"slowloris, headers never finished, held {hold:.0f} s (server's open-files limit {LOW_OPEN_FILES} at start, "
        f"{limit} then): {slow} from one address: {one}; {len(others) * 50} from {len(others)} others: {rest}; "
        f"healthz at 5 s {during}, after the hold {after}"
    ]


# 3. Restore of a backup it did not make.

CHATTING_MAKES_ADMINS = """
CREATE TRIGGER chatting_makes_admins AFTER INSERT ON chat_messages
BEGIN UPDATE players SET role = 'admin' WHERE id = NEW.player_id; END
"""


def tampered(backup: Path, into: Path, statement: str) -> Path:
    shutil.copy(backup, into)
    with contextlib.closing(sqlite3.connect(into)) as database:  # closed: written back from its WAL
        database.execute(statement)
        database.commit()
    return into


async def finding_restore(checkout: Checkout, folder: Path) -> list[str]:
    server = Server(checkout, folder, "restored")
    async with server, client(server.url, "127.0.0.30") as http:
        first, second = await guest(http, "Ana"), await guest(http, "Ben")
        table = await running_table(http, first, second)
        for _ in range(6):
            turn = await next_move(http, table, [first, second])
            if turn is not None:
                await http.post(f"/api/tables/{table}/moves", json=turn[1], headers=bearer(turn[0]))
        await http.post(f"/api/tables/{table}/chat", json={"text": "good luck"}, headers=bearer(first))
        backup = folder / "backup.db"
        made, output = await asyncio.to_thread(checkout.run, "backup", str(backup), "--database", server.database)
    if made != 0:
        return [f"restore: mozaika backup failed with {made}: {last_line(output)}"]
    database = Path(server.database.removeprefix("sqlite:///"))
    lines = []
    for what, statement in (
        ("a trigger added that makes chatting accounts admins", CHATTING_MAKES_ADMINS),
        ("schema version '9999_future'", "UPDATE alembic_version SET version_num = '9999_future'"),
    ):
        name = "trigger" if "TRIGGER" in statement else "future"
        bad = tampered(backup, folder / f"{name}.db", statement)
        target = folder / f"target-{name}.db"
        shutil.copy(database, target)
        restored, said = await asyncio.to_thread(checkout.run, "restore", str(bad), "--database", f"sqlite:///{target}")
        with contextlib.closing(sqlite3.connect(target)) as check:
            trigger = check.execute("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'").fetchone()[0]
            version = check.execute("SELECT version_num FROM alembic_version").fetchone()[0]
        checked_copy = shutil.copy(bad, folder / f"checked-{name}.db")
        found, report = await asyncio.to_thread(checkout.run, "check-db", "--database", f"sqlite:///{checked_copy}")
        lines.append(
            f"restore of a backup with {what}: exit {restored} {last_line(said, folder)}; the database then has "
            f"{trigger} trigger(s), schema version {version!r}; check-db on that backup: "
            f"exit {found} {last_line(report, folder)}"
        )
    return lines


# 4. The analysis board.


async def finding_analysis(server: Server) -> list[str]:
    """Each question on a connection of its own: the old server closes a connection after a 500."""
    questions = [
        (f"start with options {json.dumps(options)}", "/api/analysis/start", {"game": "azul", "options": options})
        for options in ({"seed": 3}, {"players": 3}, {"auto_chance": False})
    ]
    questions.append(
        (
            "best on a Summer Pavilion line whose seat to move has no legal move",
            "/api/analysis/best",
            {"line": PAVILION_WITHOUT_A_MOVE},
        )
    )
    answers = []
    for what, path, body in questions:
        async with client(server.url, "127.0.0.40", timeout=30) as http:
            try:
                answers.append(f"{what}: {(await http.post(path, json=body)).status_code}")
            except httpx.HTTPError as error:
                answers.append(f"{what}: no answer ({type(error).__name__})")
    return [f"analysis board: {'; '.join(answers)}; errors logged with a traceback: {tracebacks(server)}"]


# 5. Moderation.


async def finding_moderation(checkout: Checkout, server: Server) -> list[str]:
    async with client(server.url, "127.0.0.50") as http:
        warden_token = await account(http, "warden")
    granted, said = await asyncio.to_thread(checkout.run, "admin", "grant", "warden", "--database", server.database)
    if granted != 0:
        return [f"moderation: mozaika admin grant failed with {granted}: {last_line(said)}"]
    async with client(server.url, "127.0.0.54") as http:
        await account(http, "friend")
    warden = client(server.url, "127.0.0.50", token=warden_token)
    async with warden, client(server.url, "127.0.0.52") as banned_browser:
        await account(banned_browser, "banned")
        async with client(server.url, "127.0.0.53") as muted_browser:
            await account(muted_browser, "muted")
            await moderate(warden, "banned", "ban", {"banned": True})
            await moderate(warden, "muted", "mute", {"muted": True})
            async with client(server.url, "127.0.0.52") as same_address:
                banned_guest = await same_address.post("/api/guests", json={"name": "Not banned"})
            created = await muted_browser.post(
                "/api/tables", json={"game": "azul", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
            )
            table = created.json()["table"]["id"]
            invited = await muted_browser.post(f"/api/tables/{table}/invitations", json={"player": "friend"})
            muted_guest = await muted_browser.post("/api/guests", json={"name": "Not muted"})
            chat = "no guest"
            if muted_guest.status_code == 201:
                token = muted_guest.json()["token"]
                made = await muted_browser.post(
                    "/api/tables",
                    json={"game": "azul", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]},
                    headers=bearer(token),
                )
                place = made.json()["table"]["id"]
                line = await muted_browser.post(
                    f"/api/tables/{place}/chat", json={"text": "hello again"}, headers=bearer(token)
                )
                chat = str(line.status_code)
    return [
        f"moderation: a banned account's address makes a guest: {banned_guest.status_code}; a muted account's "
        f"browser makes a guest: {muted_guest.status_code}, whose chat line gets {chat}; a muted account invites "
        f"a player by name: {invited.status_code}"
    ]


async def moderate(warden: httpx.AsyncClient, username: str, action: str, body: dict[str, bool]) -> None:
    found = await warden.get("/api/admin/players", params={"q": username})
    found.raise_for_status()
    player = next(entry["id"] for entry in found.json() if entry.get("username") == username)
    (await warden.post(f"/api/admin/players/{player}/{action}", json=body)).raise_for_status()


# 6. Rate limits.


async def in_a_row(requests: int, send: Callable[[int], Awaitable[httpx.Response]]) -> str:
    codes: Counter[str] = Counter()
    for number in range(requests):
        codes[str((await send(number)).status_code)] += 1
    return counted(codes)


async def finding_rate_limits(checkout: Checkout, folder: Path, server: Server) -> list[str]:
    async with client(server.url, "127.0.0.60") as http:
        await account(http, "tinkerer")
        settings = await in_a_row(
            200, lambda _: http.put("/api/me/settings", json={"email": None, "email_reminders": False})
        )
    async with client(server.url, "127.0.0.61") as http:
        await account(http, "toggler")
        async with client(server.url, "127.0.0.62") as target:
            await account(target, "target")
        toggles = await in_a_row(
            200, lambda number: http.post(f"/api/players/target/{'unmute' if number % 2 else 'mute'}")
        )
    lines = [f"rate limits, one session: 200 PUT /api/me/settings: {settings}; 200 mute/unmute toggles: {toggles}"]
    hung = await asyncio.start_server(never_answer, HOST, 0)
    hung_port = hung.sockets[0].getsockname()[1]
    try:
        for what, port in (("unreachable (a closed port)", free_port()), ("hung (accepts, never answers)", hung_port)):
            redis = f"redis://{HOST}:{port}/0"
            async with Server(checkout, folder, f"redis-{port}", "--redis", redis) as cut_off:
                lines.append(f"rate limits with Redis {what}: {await guests_in_a_row(cut_off, 35)}")
    finally:
        hung.close()
    return lines


async def never_answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """A Redis that accepts a connection and never says a word (bounded: the server gives up, or 60 s pass)."""
    with contextlib.suppress(TimeoutError, OSError):
        await asyncio.wait_for(reader.read(), 60)
    writer.transport.abort()


async def guests_in_a_row(server: Server, count: int) -> str:
    """``count`` guests made from one address one after another (30 a minute are allowed)."""
    codes: Counter[str] = Counter()
    times: list[float] = []
    async with client(server.url, "127.0.0.63", timeout=30) as http:
        for number in range(count):
            started = time.perf_counter()
            made = await http.post("/api/guests", json={"name": f"Guest {number}"})
            times.append(1000 * (time.perf_counter() - started))
            codes[str(made.status_code)] += 1
        ready = await http.get("/readyz")
    times.sort()
    where = ready.json().get("rate_limits", "not said")
    return (
        f"{count} guests from one address: {counted(codes)}; a guest takes {times[len(times) // 2]:.0f} ms "
        f"(median), {times[-1]:.0f} ms at most; /readyz {ready.status_code}, rate limits counted in: {where}"
    )


# 7. A database that goes away.


async def finding_database_restart(checkout: Checkout, folder: Path, postgres: str | None) -> list[str]:
    if not postgres:
        return ["database restart: not reproduced, no PostgreSQL given (--postgres or $MOZAIKA_TEST_POSTGRES_URL)"]
    import psycopg

    admin = postgres.replace("postgresql+psycopg://", "postgresql://")
    name = f"mozaika_hardening_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        server = Server(checkout, folder, "postgres", database=f"{postgres.rpartition('/')[0]}/{name}")
        async with server:
            moves, others, cuts = await moves_while_cut_off(server, admin, name)
        return [
            f"PostgreSQL's connections to the database terminated {cuts} times while moves were sent: moves "
            f"{counted(moves)}; the players' other requests {counted(others)}; errors logged with a traceback: "
            f"{tracebacks(server)}"
        ]
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def answered(response: httpx.Response) -> str:
    """The answer's status, and for a 503 whether it says when to try again."""
    retry = response.headers.get("Retry-After")
    if response.status_code != 503:
        return str(response.status_code)
    return f"503 (Retry-After: {retry})" if retry else "503 (no Retry-After)"


async def moves_while_cut_off(server: Server, admin: str, name: str) -> tuple[Counter[str], Counter[str], int]:
    import psycopg

    moves: Counter[str] = Counter()
    others: Counter[str] = Counter()
    stop = asyncio.Event()

    async def play() -> None:
        async with client(server.url, "127.0.0.70", timeout=10) as http:
            tokens = [await guest(http, "Ana"), await guest(http, "Ben")]
            table = await running_table(http, *tokens)
            while not stop.is_set():
                try:
                    view = await http.get(f"/api/tables/{table}")
                    others[answered(view)] += 1
                    if view.status_code != 200:
                        continue
                    if view.json()["status"] != "running":
                        table = await running_table(http, *tokens)
                        continue
                    mover = tokens[view.json()["to_move"][0]]
                    mine = await http.get(f"/api/tables/{table}", headers=bearer(mover))
                    others[answered(mine)] += 1
                    if mine.status_code != 200:
                        continue
                    body = {"move": mine.json()["legal_moves"][0], "seq": mine.json()["seq"]}
                    moved = await http.post(f"/api/tables/{table}/moves", json=body, headers=bearer(mover))
                    moves[answered(moved)] += 1
                except httpx.HTTPStatusError as error:  # a new table refused (running_table)
                    others[answered(error.response)] += 1
                except httpx.HTTPError as error:  # a request on a connection the server closed: no answer
                    others[f"no answer ({type(error).__name__})"] += 1

    playing = asyncio.create_task(play())
    cuts = 0
    await asyncio.sleep(2)
    for _ in range(10):
        async with await psycopg.AsyncConnection.connect(admin, autocommit=True) as connection:
            await connection.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                (name,),
            )
        cuts += 1
        await asyncio.sleep(0.5)
    stop.set()
    await playing
    return moves, others, cuts


# 8. What the server tells whom.


async def finding_disclosure(checkout: Checkout, folder: Path) -> list[str]:
    deployed = Server(checkout, folder, "disclosure", "--proxy-ip", HOST)
    async with deployed, Nginx(checkout, folder, deployed.port) as nginx:
        async with client(nginx.url, "127.0.0.80") as star, client(nginx.url, "127.0.0.81") as follower:
            await account(star, "star")
            await account(follower, "follower")
            await star.get("/api/me")
            await follower.post("/api/players/star/follow")
            friends = (await follower.get("/api/friends")).json()
        online = next((friend.get("online", "not said") for friend in friends), "nobody followed")
        async with client(nginx.url, "127.0.0.82") as anyone:
            for number in range(3):
                await guest(anyone, f"Visitor {number}")
            found = [await anyone.get(f"/api/players/~{number}") for number in range(1, 21)]
            guests = sum(1 for page in found if page.status_code == 200 and page.json()["name"].startswith("Visitor"))
            healthz = (await anyone.get("/healthz")).text
            inside = [
                f"{path} {(await anyone.get(path)).status_code}" for path in ("/readyz", "/docs", "/openapi.json")
            ]
    return [
        f"presence of a followed player to a non-follower: online={json.dumps(online)}; GET /api/players/~1..~20 "
        f"found {guests} of the 3 guests' pages; /healthz says {healthz}; through nginx: {', '.join(inside)}"
    ]


async def reproduce(checkout: Checkout, folder: Path, options: argparse.Namespace) -> int:
    failures = 0

    async def finding(number: int, lines: Awaitable[list[str]]) -> None:
        nonlocal failures
        try:
            for line in await lines:
                print(f"[{number}] {line}", flush=True)
        except Exception as error:  # a finding that cannot be reproduced says why; the others still run
            failures += 1
            print(f"[{number}] could not be reproduced: {type(error).__name__}: {error}", flush=True)

    wanted = set(options.only)
    if 1 in wanted:
        await finding(1, finding_spectators(checkout, folder, options.sockets))
    if 2 in wanted:
        await finding(2, finding_slowloris(checkout, folder, options.slow))
    if 3 in wanted:
        await finding(3, finding_restore(checkout, folder))
    if wanted & {4, 5, 6}:
        async with Server(checkout, folder, "plain") as plain:
            if 4 in wanted:
                await finding(4, finding_analysis(plain))
            if 5 in wanted:
                await finding(5, finding_moderation(checkout, plain))
            if 6 in wanted:
                await finding(6, finding_rate_limits(checkout, folder, plain))
    if 7 in wanted:
        await finding(7, finding_database_restart(checkout, folder, options.postgres))
    if 8 in wanted:
        await finding(8, finding_disclosure(checkout, folder))
    return failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkout", type=Path, required=True, help="The checkout whose mozaika is started.")
    parser.add_argument("--sockets", type=int, default=1100, choices=range(1, 2001), metavar="1-2000")
    parser.add_argument("--slow", type=int, default=300, choices=range(1, 1001), metavar="1-1000")
    parser.add_argument("--postgres", default=os.environ.get("MOZAIKA_TEST_POSTGRES_URL"))
    parser.add_argument(
        "--only", type=int, nargs="+", default=list(range(1, 9)), choices=range(1, 9), metavar="1-8",
        help="Reproduce only these findings.",
    )  # fmt: skip
    parser.add_argument("--keep", type=Path, help="A folder to keep the servers' logs and databases in.")
    options = parser.parse_args()
    checkout = Checkout(options.checkout.resolve())
    hard = raise_own_open_files_limit()
    started = time.monotonic()
    print(f"checkout {checkout.path}: {checkout.commit()}; this script's open-files limit {hard}", flush=True)
    with tempfile.TemporaryDirectory(prefix="mozaika-hardening-") as scratch:
        folder = options.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        failures = asyncio.run(reproduce(checkout, folder, options))
    print(f"done in {time.monotonic() - started:.0f} s", flush=True)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
