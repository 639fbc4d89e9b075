"""Accounts, guests, sessions and player pages."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Annotated, Any

from fastapi import APIRouter, BackgroundTasks, Depends, Request, Response
from starlette.concurrency import run_in_threadpool

from mozaika.server.answers import (
    EmailConfirmed,
    EmailSettings,
    EmailSettingsChanged,
    LanguageKept,
    Me,
    SessionsEnded,
    SignedIn,
)
from mozaika.server.api.identity import (
    current_caller,
    identify,
    known_query_parameters,
    services,
    set_session_cookie,
)
from mozaika.server.api.schemas import (
    ERRORS,
    AccountSettings,
    EmailConfirmation,
    Guest,
    LanguageChoice,
    Registration,
    SignIn,
)
from mozaika.server.errors import ApiError, BadRequestError, NotSignedInError, TooManyRequestsError
from mozaika.server.middleware import SESSION_COOKIE, client_address, session_token
from mozaika.server.players.accounts import Caller
from mozaika.server.players.emails import Confirmation
from mozaika.server.players.letters import confirmation_letter
from mozaika.server.players.roles import is_admin

router = APIRouter(prefix="/api", tags=["players"], responses=ERRORS, dependencies=[Depends(known_query_parameters)])
CallerDep = Annotated[Caller, Depends(current_caller)]


def _signed_in(caller: Caller, token: str) -> dict[str, Any]:
    return {"player": {"id": caller.player_id, "name": caller.name, "guest": caller.is_guest}, "token": token}


@router.post(
    "/accounts",
    status_code=201,
    response_model=SignedIn,
    response_model_exclude_unset=True,
    summary="Register an account and sign in",
)
async def register(body: Registration, request: Request, response: Response) -> dict[str, Any]:
    service = services(request)
    await service.limiter.check("registration_per_address", client_address(request))
    caller, token = await service.password_checks.run(
        service.accounts.register, body.username, body.password, body.name, client_address(request)
    )
    set_session_cookie(request, response, token)
    return _signed_in(caller, token)


@router.post(
    "/sessions",
    response_model=SignedIn,
    response_model_exclude_unset=True,
    summary="Sign in with a username and password",
)
async def sign_in(body: SignIn, request: Request, response: Response) -> dict[str, Any]:
    service = services(request)
    limiter = service.limiter
    try:
        await limiter.check("sign_in_per_address", client_address(request))
        await limiter.check("sign_in_per_username", body.username.strip().lower())
    except TooManyRequestsError:
        # A guesser past the limits waits before hearing so: it costs the server nothing (the
        # connection sleeps on the event loop), and slows a flood to what the cores can answer.
        await asyncio.sleep(service.settings.limits.refused_sign_in_seconds)
        raise
    caller, token = await service.password_checks.run(
        service.accounts.sign_in, body.username, body.password, client_address(request)
    )
    set_session_cookie(request, response, token)
    return _signed_in(caller, token)


@router.delete("/sessions/current", status_code=204, summary="Sign out")
async def sign_out(request: Request, response: Response) -> None:
    token = session_token(request)
    if token is not None:
        await run_in_threadpool(services(request).accounts.sign_out, token)
    response.delete_cookie(SESSION_COOKIE)


@router.delete(
    "/sessions",
    response_model=SessionsEnded,
    response_model_exclude_unset=True,
    summary="Sign out everywhere: end every session of this player",
)
async def sign_out_everywhere(request: Request, response: Response) -> dict[str, int]:
    token = session_token(request)
    if token is None:
        raise NotSignedInError("not signed in")
    ended = await run_in_threadpool(services(request).accounts.sign_out_everywhere, token)
    response.delete_cookie(SESSION_COOKIE)
    return {"ended": ended}


@router.post(
    "/guests",
    status_code=201,
    response_model=SignedIn,
    response_model_exclude_unset=True,
    summary="Play as a guest: a name, no password",
)
async def guest(body: Guest, request: Request, response: Response) -> dict[str, Any]:
    service = services(request)
    await service.limiter.check("guest_per_address", client_address(request))
    current = await _current_caller(request)
    caller, token = await run_in_threadpool(service.accounts.guest, body.name, client_address(request), current)
    set_session_cookie(request, response, token)
    return _signed_in(caller, token)


@router.get("/me", response_model=Me, response_model_exclude_unset=True, summary="Who the session belongs to")
async def me(request: Request, caller: CallerDep) -> dict[str, Any]:
    if caller.player_id is None:
        raise NotSignedInError("not signed in")
    me = {"id": caller.player_id, "name": caller.name, "guest": caller.is_guest}
    me["profile"] = await run_in_threadpool(services(request).accounts.profile, caller.player_id)
    if not caller.is_guest and await run_in_threadpool(is_admin, services(request).db, caller.player_id):
        me["admin"] = True  # the page shows the way to /admin
    language = await run_in_threadpool(services(request).accounts.language, caller.player_id)
    if language is not None:
        me["language"] = language
    return me


@router.put(
    "/me/language",
    response_model=LanguageKept,
    summary="Keep the language the player reads Mozaika in: their other browsers follow it, letters are written in it",
)
async def keep_language(body: LanguageChoice, request: Request, caller: CallerDep) -> dict[str, Any]:
    if caller.player_id is None:
        raise NotSignedInError("not signed in")
    await run_in_threadpool(services(request).accounts.keep_language, caller.player_id, body.language)
    return {"language": body.language}


@router.get(
    "/me/settings",
    response_model=EmailSettings,
    response_model_exclude_unset=True,
    summary="The account's settings: e-mail, its confirmation, and reminders",
)
async def account_settings(request: Request, caller: CallerDep) -> dict[str, Any]:
    found = await run_in_threadpool(services(request).emails.settings, caller)
    return {**found, "sending": _sending(request)}


@router.put(
    "/me/settings",
    response_model=EmailSettingsChanged,
    response_model_exclude_unset=True,
    summary="Change the account's settings; a new address gets a confirmation letter (reminders are off by default)",
)
async def change_settings(
    body: AccountSettings, request: Request, caller: CallerDep, background: BackgroundTasks
) -> dict[str, Any]:
    sending = _sending(request)
    changed, confirmation = await run_in_threadpool(
        partial(services(request).emails.change, sending=sending, language=body.language),
        caller,
        body.email,
        body.email_reminders,
    )
    _post_confirmation(request, background, confirmation)
    return {**changed, "sending": sending}


@router.post(
    "/me/settings/confirmation",
    response_model=EmailSettingsChanged,
    response_model_exclude_unset=True,
    summary="Send the confirmation letter for the account's address again",
)
async def resend_confirmation(request: Request, caller: CallerDep, background: BackgroundTasks) -> dict[str, Any]:
    if not _sending(request):
        raise BadRequestError("this server sends no e-mail")
    found, confirmation = await run_in_threadpool(services(request).emails.resend, caller)
    _post_confirmation(request, background, confirmation)
    return {**found, "sending": True}


@router.post(
    "/email/confirm",
    response_model=EmailConfirmed,
    response_model_exclude_unset=True,
    summary="Confirm an e-mail address with the token of the link mailed to it",
)
async def confirm_email(body: EmailConfirmation, request: Request) -> dict[str, Any]:
    return await run_in_threadpool(services(request).emails.confirm, body.token)


def _sending(request: Request) -> bool:
    """Whether this server sends e-mail at all (``--smtp``): clients offer reminders only then."""
    return services(request).mailer is not None


def _post_confirmation(request: Request, background: BackgroundTasks, confirmation: Confirmation | None) -> None:
    """Mail the confirmation letter once the answer is out (the SMTP server may be slow)."""
    service = services(request)
    if confirmation is None or service.mailer is None:
        return
    settings = service.settings
    letter = confirmation_letter(
        confirmation.to,
        confirmation.token,
        settings.public_url,
        settings.limits.confirmation_hours,
        confirmation.language,
    )
    background.add_task(service.mailer.post, letter)


async def _current_caller(request: Request) -> Caller | None:
    """Who the browser is signed in as now, if anyone (an ended session counts as no one)."""
    try:
        return await identify(request)
    except ApiError:
        return None
