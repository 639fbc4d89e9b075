/* The vector environment (mozaika.rl.vector): many games stepped in one call, each observed and
 * masked exactly as mozaika.rl encodes a position (the game's Learning), for self-play.
 *
 * vector.c holds the Python type VectorCore, whatever the game; a game takes part through the
 * VectorGame of its family's table (core.h; e.g. wall/wall_vector.c): its legal moves as numbers,
 * their action indices, play, and its observation.
 */
#ifndef MOZAIKA_VECTOR_H
#define MOZAIKA_VECTOR_H

#include "offer.h"

typedef struct VectorCore VectorCore;

typedef struct {
    int observation_size; /* without the extras (Master Chocolatier's discs) */
    int extras_size;
    int action_count; /* without the extras (Master Chocolatier's split takes) */
    int extra_actions;
    int most_moves;
    size_t position_size;
    /* The legal moves of the seat to move as numbers (wall_move_codes, pv_legal_codes); how many. */
    int (*codes)(const void *position, uint32_t *codes);
    /* The action index of one of those numbers (docs/rl.md). */
    int (*action_of)(const VectorCore *self, const void *position, uint32_t code);
    int (*first_to_move)(const void *position);
    int (*is_over)(const void *position);
    /* Play a legal move's number, then the chance it leads to; 0, or -1 with an error set. */
    int (*play)(PyObject *core, void *position, uint32_t code, const ChanceSeed *seed);
    /* Resolve the chance of a new game (its first deal); 0, or -1 with an error set. */
    int (*resolve)(PyObject *core, void *position, const ChanceSeed *seed);
    /* The observation of `seat` (the core's observation_size floats, zeroed before). */
    void (*encode)(const VectorCore *self, const void *position, int seat, float *out);
    /* How many of the observation's first floats encode may write for this many players (the rest is padding). */
    int (*written)(int players);
    void (*scores)(const void *position, int64_t *scores);
    int (*winners)(const void *position, int *seats);
    /* Optional (NULL: the generic way, through codes and action_of).  The legal actions of the seat to
     * move read straight off the position, marked in the mask and as bits (both zero before; how
     * many); the move number of a legal action; and the observation written from a cache of
     * `cache_size` bytes a game that keeps what changes seldom (`fresh`: the cache holds nothing of
     * this game yet; `out` is not zeroed). */
    int (*legal_actions)(const VectorCore *self, const void *position, int8_t *mask, uint64_t *bits);
    uint32_t (*code_of_action)(const void *position, int32_t action);
    void (*encode_cached)(const VectorCore *self, const void *position, int seat, float *out, void *cache, int fresh);
    size_t cache_size;
    /* Fill the game's own tables (the encoder's), once, before any game is stepped: called when a
     * VectorCore is made, with the GIL held, since steps run without it; NULL when there are none. */
    void (*prepare)(void);
    /* Optional: the move number of an action (within the action count) where it is legal for the seat
     * to move, else UINT32_MAX, read off the position.  Where it is given and the actions are few (at
     * most 1,024: Azul's), no bits are kept: legal_actions is called with `bits` NULL and writes the
     * whole mask (not zeroed before). */
    uint32_t (*legal_code)(const void *position, int64_t action);
    /* Optional (both or neither): play a legal move's number, the chance it leads to left pending, 0 or -1
     * with an error set; and the index of the chance event a position waits for, with the digest bytes it
     * reads, or -1 where it waits for none.  With them a step hashes its games' chance events four at a
     * time (vector_step.c) before resolve resolves them. */
    int (*play_move)(PyObject *core, void *position, uint32_t code);
    int64_t (*pending_chance)(const void *position, int *bytes);
} VectorGame;

/* The Python type: see vector.c. */
struct VectorCore {
    PyObject_HEAD const VectorGame *game;
    PyObject *core;       /* the new game every game starts as (before its first deal): its tables */
    unsigned char *start; /* that position */
    unsigned char *positions;
    unsigned char *finals; /* each game's last position, kept as it ends: its terminal observation's */
    int num_envs, players, win_rewards, shaped;
    int extended; /* with the game's extras (observation and actions) */
    int observation_size, action_count;
    int written;         /* the observation's floats the encoder may write (the rest stays zero) */
    uint64_t *streams;   /* each game's generator of seeds for the games it plays next */
    int64_t *game_seeds; /* the seed of the game each one plays */
    uint32_t *codes;     /* each game's legal moves (most_moves of them), and their actions */
    int32_t *actions;
    int32_t *legal;
    uint64_t *legal_bits; /* each game's legal actions as bits (legal_words words a game): a step's check */
    int legal_words;
    int rules_check;           /* the game's legal_code checks a step's actions (no bits are kept) */
    uint32_t *chosen;          /* with it, each game's move as the step's check found it */
    unsigned char *caches;     /* each game's observation cache (the game's cache_size bytes) */
    uint8_t *fresh;            /* each game's cache holds nothing of it yet */
    int extra_actions[2][256]; /* a game's own tables of action indices (Summer Pavilion's picks and passes) */
    Py_buffer views[8]; /* observations, masks, rewards by seat, seats, terminated, scores, seeds, movers' rewards */
    int views_held;
    /* Optional: the finished games' last info, written by each step (zero for the others): the seat that
     * moved, the rewards by seat, the scores and the finished game's seed (Gymnasium's final_info). */
    Py_buffer final_views[4];
    int finals_held;
    int32_t *ended; /* the games that ended in the last step, in order, and the seat that moved in each */
    int8_t *ended_seats;
    int ended_count;
    int stepping; /* a step is running (without the GIL): another thread's step is refused */
};

extern PyTypeObject VectorCoreType;

/* The caller's arrays VectorCore writes into (views), in order. */
enum { V_OBSERVATIONS, V_MASKS, V_REWARDS, V_SEATS, V_TERMINATED, V_SCORES, V_SEEDS, V_MOVER_REWARDS, V_COUNT };

static inline void *view(VectorCore *self, int which) { return self->views[which].buf; }

/* Shared by vector.c, vector_step.c and vector_query.c. */
int vector_not_stepping(VectorCore *self);
/* Write game `env`'s observation (for the seat to move) and mask, and keep its legal moves. */
void vector_observe(VectorCore *self, int env);
/* Set game `env` to a new game before its first deal, with the next seed of its stream. */
void vector_new_game(VectorCore *self, int env);
/* Start game `env` anew with the next seed of its stream (its first deal dealt, the game observed); 0 or -1. */
int vector_start_game(VectorCore *self, int env);
/* Play each game's chosen move (legal: checked), observe it, and start anew a game that ends; 0 or -1. */
int vector_step_games(VectorCore *self, const int64_t *chosen);
static inline void *vector_position(VectorCore *self, int env) {
    return self->positions + (size_t)env * self->game->position_size;
}
PyObject *VectorCore_position(VectorCore *self, PyObject *env_object);
PyObject *VectorCore_encode_final(VectorCore *self, PyObject *args);
PyObject *VectorCore_encode_finals(VectorCore *self, PyObject *out_object);
PyObject *VectorCore_streams(VectorCore *self, PyObject *unused);

#endif
