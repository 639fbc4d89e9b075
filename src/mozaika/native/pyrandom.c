/* Python's random.Random, bit for bit (pyrandom.h): CPython's _randommodule.c and random.py. */
#include "pyrandom.h"

#include <string.h>

#define N 624
#define M 397

static void init_genrand(PyRandom *random, uint32_t seed) {
    uint32_t *mt = random->state;
    mt[0] = seed;
    for (int i = 1; i < N; i++)
        mt[i] = 1812433253u * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    random->index = N;
}

/* init_genrand(19650218), where every init_by_array starts: worked out once (pyrandom_init). */
static uint32_t FIRST_STATE[N];

void pyrandom_init(void) {
    PyRandom first;
    init_genrand(&first, 19650218u);
    memcpy(FIRST_STATE, first.state, sizeof FIRST_STATE);
}

/* init_by_array, as random.seed(int) calls it with the number's 32-bit words, lowest first, for a
 * key of one or two words.  The key word and its index added at step t are add[t % 2] (one word: the
 * same twice); the loops run as CPython's, their wrap-arounds (mt[0] = mt[N - 1], on from 1) written
 * out after them. */
static void init_by_array(PyRandom *random, const uint32_t *key, int length) {
    uint32_t *mt = random->state;
    const uint32_t add[2] = {key[0], key[length - 1] + (uint32_t)(length - 1)};
    memcpy(mt, FIRST_STATE, sizeof FIRST_STATE);
    /* The first loop: max(N, length) = N steps, i from 1 to N - 1, then i = 1 once more. */
    uint32_t last = mt[0];
    int i = 1;
    for (; i + 1 < N; i += 2) { /* two steps a turn: each its own key word, kept in a register */
        mt[i] = last = (mt[i] ^ ((last ^ (last >> 30)) * 1664525u)) + add[0];
        mt[i + 1] = last = (mt[i + 1] ^ ((last ^ (last >> 30)) * 1664525u)) + add[1];
    }
    for (; i < N; i++)
        mt[i] = last = (mt[i] ^ ((last ^ (last >> 30)) * 1664525u)) + add[(i - 1) & 1];
    mt[0] = last;
    mt[1] = last = (mt[1] ^ ((last ^ (last >> 30)) * 1664525u)) + add[(N - 1) & 1];
    /* The second loop: N - 1 steps, i from 2 to N - 1, then i = 1 once more. */
    for (i = 2; i < N; i++)
        mt[i] = last = (mt[i] ^ ((last ^ (last >> 30)) * 1566083941u)) - (uint32_t)i;
    mt[0] = last;
    mt[1] = (mt[1] ^ ((last ^ (last >> 30)) * 1566083941u)) - 1u;
    mt[0] = 0x80000000u;
    random->index = 0; /* the first block, twisted as it is drawn (genrand_uint32) */
    random->twisted = 0;
}

void pyrandom_seed(PyRandom *random, uint64_t seed) {
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    init_by_array(random, key, key[1] ? 2 : 1); /* as many words as the number has (one for 0) */
}

static inline uint32_t genrand_at(uint32_t *mt, int *index) {
    static const uint32_t mag01[2] = {0u, 0x9908b0dfu};
    uint32_t y;
    if (*index >= N) {
        int kk;
        for (kk = 0; kk < N - M; kk++) {
            y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
            mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag01[y & 1u];
        }
        for (; kk < N - 1; kk++) {
            y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
            mt[kk] = mt[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 1u];
        }
        y = (mt[N - 1] & 0x80000000u) | (mt[0] & 0x7fffffffu);
        mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag01[y & 1u];
        *index = 0;
    }
    y = mt[(*index)++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
}

static inline uint32_t temper(uint32_t y) {
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    return y ^ (y >> 18);
}

/* Twist the words of a just-seeded block up to `at`, in genrand_at's order: word kk < N - M reads
 * words kk, kk + 1 and kk + M, none twisted yet, so the first N - M words can be twisted one at a time;
 * past them the rest of the block is twisted at once. */
static void twist_through(PyRandom *random, int at) {
    static const uint32_t mag01[2] = {0u, 0x9908b0dfu};
    uint32_t *mt = random->state, y;
    int kk = random->twisted;
    int lazy_end = at < N - M ? at + 1 : N - M;
    for (; kk < lazy_end; kk++) {
        y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
        mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag01[y & 1u];
    }
    if (at < N - M) {
        random->twisted = kk;
        return;
    }
    for (; kk < N - 1; kk++) {
        y = (mt[kk] & 0x80000000u) | (mt[kk + 1] & 0x7fffffffu);
        mt[kk] = mt[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 1u];
    }
    y = (mt[N - 1] & 0x80000000u) | (mt[0] & 0x7fffffffu);
    mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag01[y & 1u];
    random->twisted = N;
}

static uint32_t genrand_uint32(PyRandom *random) {
    if (random->index < random->twisted || random->index >= N)
        return genrand_at(random->state, &random->index);
    twist_through(random, random->index);
    return temper(random->state[random->index++]);
}

double pyrandom_random_at(uint32_t *state, int *index) {
    uint32_t a = genrand_at(state, index) >> 5, b = genrand_at(state, index) >> 6; /* random_random */
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

uint32_t pyrandom_bits(PyRandom *random, int bits) { return genrand_uint32(random) >> (32 - bits); }

void pyrandom_limbs(PyRandom *random, int bits, uint32_t *limbs, int *limb_count) {
    int words = (bits - 1) / 32 + 1;
    for (int word = 0; word < words; word++, bits -= 32) {
        uint32_t value = genrand_uint32(random);
        if (bits < 32)
            value >>= 32 - bits; /* the last word keeps its top bits */
        limbs[word] = value;
    }
    while (words > 0 && limbs[words - 1] == 0)
        words--;
    *limb_count = words;
}

uint32_t pyrandom_below(PyRandom *random, uint32_t n) {
    int bits = 0;
    for (uint32_t rest = n; rest; rest >>= 1)
        bits++; /* n.bit_length() */
    uint32_t value = pyrandom_bits(random, bits);
    while (value >= n)
        value = pyrandom_bits(random, bits);
    return value;
}

void pyrandom_sample(PyRandom *random, const int *population, int n, int k, int *chosen) {
    int pool[21];
    for (int at = 0; at < n; at++)
        pool[at] = population[at];
    for (int at = 0; at < k; at++) {
        int picked = (int)pyrandom_below(random, (uint32_t)(n - at));
        chosen[at] = pool[picked];
        pool[picked] = pool[n - at - 1];
    }
}
