/* A vector step (vector.h): each game's chosen move played, the chance it leads to resolved, its rewards
 * and scores written, and the game observed, or kept and started anew where it ended.
 *
 * A game's chance event (a round's deal) hashes its own message with SHAKE-256, the dearest part of a
 * step.  Where the game can leave its chance pending (VectorGame.play_move), the games that reach one
 * wait in fours and their digests are computed side by side (chance_prepare) before each is resolved
 * with its own; the outcomes are those of one hash at a time.
 */
#include "vector.h"

#include "core.h"

/* The move of game `env` behind `action`, legal there (step checked it). */
static uint32_t code_of(VectorCore *self, int env, int64_t action) {
    if (self->rules_check)
        return self->chosen[env];
    if (self->game->code_of_action != NULL)
        return self->game->code_of_action(vector_position(self, env), (int32_t)action);
    const int32_t *actions = self->actions + (size_t)env * self->game->most_moves;
    for (int at = 0; at < self->legal[env]; at++)
        if (actions[at] == action)
            return self->codes[(size_t)env * self->game->most_moves + at];
    return UINT32_MAX;
}

/* Keep what a finished game's info says (final_info), before the game starts anew. */
static void keep_final(VectorCore *self, int env, int seat, const float *reward, const int32_t *scores) {
    self->ended[self->ended_count] = env;
    self->ended_seats[self->ended_count++] = (int8_t)seat;
    if (!self->finals_held)
        return;
    size_t players = (size_t)self->players;
    ((int8_t *)self->final_views[0].buf)[env] = (int8_t)seat;
    memcpy((float *)self->final_views[1].buf + env * players, reward, players * sizeof *reward);
    memcpy((int32_t *)self->final_views[2].buf + env * players, scores, players * sizeof *scores);
    ((int64_t *)self->final_views[3].buf)[env] = self->game_seeds[env];
}

/* A game whose chance waits to be hashed: a move played (what its step still needs), or a new game's
 * first deal (`starting`). */
typedef struct {
    int env, seat, bytes, starting;
    int64_t index;
    int64_t before[MOST_SEATS];
} Waiting;

/* The games waiting for their chance's digests (at most four: hashed together as the fourth comes). */
typedef struct {
    Waiting games[4];
    int count;
} WaitingDeals;

static int resolve_waiting(VectorCore *self, WaitingDeals *waiting);

/* Add a game whose chance (event `index`, reading `bytes`) is pending to those waiting; 0 or -1. */
static int wait_for_deal(VectorCore *self, WaitingDeals *waiting, const Waiting *game) {
    waiting->games[waiting->count++] = *game;
    return waiting->count == 4 ? resolve_waiting(self, waiting) : 0;
}

/* Start game `env` anew, its first deal among the waiting ones where the game can wait; 0 or -1. */
static int start_game(VectorCore *self, int env, WaitingDeals *waiting) {
    if (self->game->play_move == NULL)
        return vector_start_game(self, env);
    vector_new_game(self, env);
    Waiting game = {env, -1, 0, 1, 0, {0}};
    game.index = self->game->pending_chance(vector_position(self, env), &game.bytes);
    if (game.index >= 0 && game.bytes <= CHANCE_PREPARED_LANES * 8)
        return wait_for_deal(self, waiting, &game);
    ChanceSeed chance = {NULL, NULL, self->game_seeds[env]};
    if (self->game->resolve(self->core, vector_position(self, env), &chance) < 0)
        return -1;
    vector_observe(self, env);
    return 0;
}

/* The rest of game `env`'s step once its move and chance are played: rewards, scores, whether it ended
 * (rl.rewards.final_reward), its observation, or its final info and a new game.  `before`: the scores
 * before the move (shaped rewards).  Games still waiting for their chance are resolved before a game
 * ends, so that the ended games stay in order. */
static int finish_step(VectorCore *self, int env, int seat, const int64_t *before, WaitingDeals *waiting) {
    const VectorGame *game = self->game;
    int players = self->players;
    void *position = vector_position(self, env);
    float *reward = (float *)view(self, V_REWARDS) + (size_t)env * players;
    int32_t *scores = (int32_t *)view(self, V_SCORES) + (size_t)env * players;
    float *mover_rewards = view(self, V_MOVER_REWARDS);
    uint8_t *terminated = view(self, V_TERMINATED);
    int64_t after[MOST_SEATS];
    game->scores(position, after);
    ((int8_t *)view(self, V_SEATS))[env] = (int8_t)seat;
    for (int who = 0; who < players; who++) {
        reward[who] = self->shaped ? (float)(after[who] - before[who]) : 0.0f;
        scores[who] = (int32_t)after[who];
    }
    terminated[env] = (uint8_t)game->is_over(position);
    if (!terminated[env]) {
        mover_rewards[env] = reward[seat];
        vector_observe(self, env);
        return 0;
    }
    if (waiting->count > 0 && resolve_waiting(self, waiting) < 0)
        return -1;
    /* rl.rewards.final_reward: the lead over the best other seat, or +1 / 0 / -1. */
    int winners[MOST_SEATS], count = game->winners(position, winners);
    for (int who = 0; who < players; who++) {
        double final;
        if (self->win_rewards) {
            int won = 0;
            for (int at = 0; at < count; at++)
                won |= winners[at] == who;
            final = won ? (count == 1 ? 1.0 : 0.0) : -1.0;
        } else {
            int64_t best = INT64_MIN;
            for (int other = 0; other < players; other++)
                if (other != who && after[other] > best)
                    best = after[other];
            final = (double)(after[who] - best);
        }
        reward[who] = (float)((double)reward[who] + final);
    }
    mover_rewards[env] = reward[seat];
    keep_final(self, env, seat, reward, scores);
    memcpy(self->finals + (size_t)env * game->position_size, position, game->position_size);
    return start_game(self, env, waiting);
}

/* Hash the waiting games' chance events together, then resolve and finish each game's step. */
static int resolve_waiting(VectorCore *self, WaitingDeals *waiting) {
    WaitingDeals games = *waiting;
    waiting->count = 0; /* a game finished below that ends finds none waiting */
    int64_t seeds[4] = {0}, indices[4] = {0};
    int bytes = 0;
    for (int at = 0; at < games.count; at++) {
        seeds[at] = self->game_seeds[games.games[at].env];
        indices[at] = games.games[at].index;
        bytes = games.games[at].bytes > bytes ? games.games[at].bytes : bytes;
    }
    uint64_t digests[4][CHANCE_PREPARED_LANES];
    chance_prepare(seeds, indices, games.count, bytes, digests);
    for (int at = 0; at < games.count; at++) {
        const Waiting *game = &games.games[at];
        ChanceSeed chance = {NULL, NULL, seeds[at], digests[at], game->index, bytes};
        if (self->game->resolve(self->core, vector_position(self, game->env), &chance) < 0)
            return -1;
        if (game->starting)
            vector_observe(self, game->env);
        else if (finish_step(self, game->env, game->seat, game->before, waiting) < 0)
            return -1;
    }
    return 0;
}

int vector_step_games(VectorCore *self, const int64_t *chosen) {
    const VectorGame *game = self->game;
    int waits = game->play_move != NULL && game->pending_chance != NULL;
    WaitingDeals waiting = {.count = 0};
    self->ended_count = 0;
    for (int which = 0; which < self->finals_held; which++)
        memset(self->final_views[which].buf, 0, (size_t)self->final_views[which].len);
    for (int env = 0; env < self->num_envs; env++) {
        void *position = vector_position(self, env);
        int64_t before[MOST_SEATS];
        if (self->shaped)
            game->scores(position, before);
        int seat = game->first_to_move(position);
        uint32_t code = code_of(self, env, chosen[env]);
        if (waits) {
            if (game->play_move(self->core, position, code) < 0) {
                resolve_waiting(self, &waiting); /* the games before it are left whole, dealt and observed */
                return -1;
            }
            int bytes;
            int64_t index = game->pending_chance(position, &bytes);
            if (index >= 0 && bytes <= CHANCE_PREPARED_LANES * 8) {
                Waiting entry = {env, seat, bytes, 0, index, {0}};
                if (self->shaped)
                    memcpy(entry.before, before, sizeof before);
                if (wait_for_deal(self, &waiting, &entry) < 0)
                    return -1;
                continue;
            }
            ChanceSeed chance = {NULL, NULL, self->game_seeds[env]};
            if (index >= 0 && game->resolve(self->core, position, &chance) < 0)
                return -1;
        } else {
            ChanceSeed chance = {NULL, NULL, self->game_seeds[env]};
            if (game->play(self->core, position, code, &chance) < 0)
                return -1;
        }
        if (finish_step(self, env, seat, before, &waiting) < 0)
            return -1;
    }
    while (waiting.count > 0) /* a game ending as it is resolved may start a new one, which waits in turn */
        if (resolve_waiting(self, &waiting) < 0)
            return -1;
    return 0;
}
