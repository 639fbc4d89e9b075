"""Players' pages, leaderboards, friends, direct invitations, play again and mutes."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, BackgroundTasks, Depends, Path, Query, Request
from starlette.concurrency import run_in_threadpool

from mozaika.server.answers import (
    Following,
    Friend,
    Invitation,
    InvitationMade,
    InviteMailSetting,
    Leaderboard,
    MuteChanged,
    MutedPlayer,
    PlayerPage,
    Rematch,
)
from mozaika.server.api.identity import current_caller, known_query_parameters, services
from mozaika.server.api.schemas import ERRORS, InviteMail, PlayAgain, PlayerInvite, TableId
from mozaika.server.api.tables import publish
from mozaika.server.community.leaderboards import PAGE_SIZES
from mozaika.server.players.accounts import Caller

router = APIRouter(prefix="/api", tags=["community"], responses=ERRORS, dependencies=[Depends(known_query_parameters)])
CallerDep = Annotated[Caller, Depends(current_caller)]
PlayerKey = Annotated[
    str,
    Path(
        pattern=r"^(~[0-9]{1,12}|~g[A-Za-z0-9_-]{12}|[A-Za-z0-9][A-Za-z0-9_.-]{0,63})$",
        description="An account's username (or ~ and its number), or a guest's ~ and page key (their `profile`).",
    ),
]


@router.get(
    "/players/{player}",
    response_model=PlayerPage,
    response_model_exclude_unset=True,
    summary="A player's page: statistics per game and variant, ratings and their history, recent games",
)
async def player_page(player: PlayerKey, request: Request, caller: CallerDep) -> dict[str, Any]:
    service = services(request)

    def page() -> dict[str, Any]:
        found = service.profiles.page(player, caller.player_id)
        found["following"] = service.friends.following(caller, player)
        found["muted"] = any(muted["profile"] == found["profile"] for muted in service.friends.muted(caller))
        return found

    return await run_in_threadpool(page)


@router.get(
    "/leaderboard/{game}",
    response_model=Leaderboard,
    response_model_exclude_unset=True,
    summary="A game's leaderboard: players by conservative rating, a page at a time, the caller's place",
)
async def leaderboard(
    game: Annotated[str, Path(pattern=r"^[a-z0-9_-]{1,32}$")],
    request: Request,
    caller: CallerDep,
    variant: Annotated[str | None, Query(max_length=128, description="The options (``wall=grey``).")] = None,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    size: Annotated[int, Query(ge=PAGE_SIZES[0], le=PAGE_SIZES[1])] = 25,
) -> dict[str, Any]:
    boards = services(request).leaderboards
    return await run_in_threadpool(boards.board, game, variant, page, size, caller.player_id)


@router.get("/friends", response_model=list[Friend], summary="The players the caller follows: online first")
async def friends(request: Request, caller: CallerDep) -> list[dict[str, Any]]:
    return await run_in_threadpool(services(request).friends.friends, caller)


@router.post("/players/{player}/follow", response_model=Following, summary="Follow a player")
async def follow(player: PlayerKey, request: Request, caller: CallerDep) -> dict[str, Any]:
    service = services(request)
    if caller.player_id is not None:
        await service.limiter.check("follow_per_player", str(caller.player_id))
    return await run_in_threadpool(service.friends.follow, caller, player)


@router.post("/players/{player}/unfollow", response_model=Following, summary="Stop following a player")
async def unfollow(player: PlayerKey, request: Request, caller: CallerDep) -> dict[str, Any]:
    service = services(request)
    if caller.player_id is not None:
        await service.limiter.check("follow_per_player", str(caller.player_id))
    return await run_in_threadpool(service.friends.unfollow, caller, player)


@router.post("/players/{player}/mute", response_model=MuteChanged, summary="Hide a player's chat (for you only)")
async def mute(player: PlayerKey, request: Request, caller: CallerDep) -> dict[str, Any]:
    return await run_in_threadpool(services(request).friends.mute, caller, player, True)


@router.post("/players/{player}/unmute", response_model=MuteChanged, summary="Show a muted player's chat again")
async def unmute(player: PlayerKey, request: Request, caller: CallerDep) -> dict[str, Any]:
    return await run_in_threadpool(services(request).friends.mute, caller, player, False)


@router.get("/mutes", response_model=list[MutedPlayer], summary="The players whose chat the caller hides")
async def mutes(request: Request, caller: CallerDep) -> list[dict[str, Any]]:
    return await run_in_threadpool(services(request).friends.muted, caller)


@router.get(
    "/invitations",
    response_model=list[Invitation],
    response_model_by_alias=True,
    summary="The waiting tables the caller was invited to by name",
)
async def invitations(request: Request, caller: CallerDep) -> list[dict[str, Any]]:
    return await run_in_threadpool(services(request).friends.invitations, caller)


@router.post(
    "/tables/{table_id}/invitations",
    status_code=201,
    response_model=InvitationMade,
    summary="Invite a player by name to your waiting table (their lobby shows it; mailed where they asked)",
)
async def invite_player(
    table_id: TableId, body: PlayerInvite, request: Request, caller: CallerDep, background: BackgroundTasks
) -> dict[str, Any]:
    service = services(request)
    if caller.player_id is not None:
        await service.limiter.check("invitation_per_player", str(caller.player_id))
    sent = await run_in_threadpool(service.friends.invite, caller, table_id, body.player)
    if sent.letter is not None and service.mailer is not None:
        background.add_task(service.mailer.post, sent.letter)
    return sent.data


@router.put("/me/invitation-mail", response_model=InviteMailSetting, summary="Mail me direct invitations (or stop)")
async def invitation_mail(body: InviteMail, request: Request, caller: CallerDep) -> dict[str, Any]:
    return await run_in_threadpool(services(request).friends.set_invite_mail, caller, body.enabled)


@router.post(
    "/tables/{table_id}/play-again",
    response_model=Rematch,
    response_model_exclude_unset=True,
    summary="Set the finished table up again: same seats, bots, options and clock; its players are invited",
)
async def play_again(table_id: TableId, body: PlayAgain, request: Request, caller: CallerDep) -> dict[str, Any]:
    service = services(request)
    if caller.player_id is not None:
        await service.limiter.check("table_per_player", str(caller.player_id))
    return await publish(request, service.rematches.play_again, table_id, caller, body.autostart)
