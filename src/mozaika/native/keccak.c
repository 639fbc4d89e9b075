/* Keccak-f[1600] and SHAKE-256 (FIPS 202) for the short messages of chance events (keccak.h).
 *
 * The permutation's rounds are written out over 25 local lanes, so that the compiler keeps them in
 * registers: theta, then rho and pi together (each lane rotated into its new place), chi and iota.
 * Where only the digest's first 40 bytes are read (most chance events: a fill of up to seven
 * factories), the last round computes only the lanes they come from.  The same rounds run over four
 * sponges at once (four messages side by side in 256-bit vectors) for a vector step's games.
 */
#include "keccak.h"

#include <string.h>

static const uint64_t KECCAK_ROUNDS[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL, 0x000000000000808bULL,
    0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL, 0x0000000000000088ULL,
    0x0000000080008009ULL, 0x000000008000000aULL, 0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
    0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};

#define ROTL(value, by) ((value) << (by) | (value) >> (64 - (by)))

/* A round's theta, and its rho and pi for the first row of lanes: the parts of a round that the
 * last round, computing only the first row (the lanes a digest of up to 40 bytes is read from), shares. */
#define KECCAK_THETA_FIRST_ROW(Lane)       \
    Lane c0 = a00 ^ a05 ^ a10 ^ a15 ^ a20; \
    Lane c1 = a01 ^ a06 ^ a11 ^ a16 ^ a21; \
    Lane c2 = a02 ^ a07 ^ a12 ^ a17 ^ a22; \
    Lane c3 = a03 ^ a08 ^ a13 ^ a18 ^ a23; \
    Lane c4 = a04 ^ a09 ^ a14 ^ a19 ^ a24; \
    Lane d0 = c4 ^ ROTL(c1, 1);            \
    Lane d1 = c0 ^ ROTL(c2, 1);            \
    Lane d2 = c1 ^ ROTL(c3, 1);            \
    Lane d3 = c2 ^ ROTL(c4, 1);            \
    Lane d4 = c3 ^ ROTL(c0, 1);            \
    Lane b00 = a00 ^ d0;                   \
    Lane b01 = ROTL(a06 ^ d1, 44);         \
    Lane b02 = ROTL(a12 ^ d2, 43);         \
    Lane b03 = ROTL(a18 ^ d3, 21);         \
    Lane b04 = ROTL(a24 ^ d4, 14);

/* Chi and iota on the first row of lanes. */
#define KECCAK_CHI_FIRST_ROW(round) \
    a00 = b00 ^ (~b01 & b02);       \
    a01 = b01 ^ (~b02 & b03);       \
    a02 = b02 ^ (~b03 & b04);       \
    a03 = b03 ^ (~b04 & b00);       \
    a04 = b04 ^ (~b00 & b01);       \
    a00 ^= KECCAK_ROUNDS[round];

/* One round on the 25 lanes a00..a24 (lane x + 5y), and the last round computing only the first row. */
#define KECCAK_ROUND(Lane, round)      \
    do {                               \
        KECCAK_THETA_FIRST_ROW(Lane)   \
        Lane b05 = ROTL(a03 ^ d3, 28); \
        Lane b06 = ROTL(a09 ^ d4, 20); \
        Lane b07 = ROTL(a10 ^ d0, 3);  \
        Lane b08 = ROTL(a16 ^ d1, 45); \
        Lane b09 = ROTL(a22 ^ d2, 61); \
        Lane b10 = ROTL(a01 ^ d1, 1);  \
        Lane b11 = ROTL(a07 ^ d2, 6);  \
        Lane b12 = ROTL(a13 ^ d3, 25); \
        Lane b13 = ROTL(a19 ^ d4, 8);  \
        Lane b14 = ROTL(a20 ^ d0, 18); \
        Lane b15 = ROTL(a04 ^ d4, 27); \
        Lane b16 = ROTL(a05 ^ d0, 36); \
        Lane b17 = ROTL(a11 ^ d1, 10); \
        Lane b18 = ROTL(a17 ^ d2, 15); \
        Lane b19 = ROTL(a23 ^ d3, 56); \
        Lane b20 = ROTL(a02 ^ d2, 62); \
        Lane b21 = ROTL(a08 ^ d3, 55); \
        Lane b22 = ROTL(a14 ^ d4, 39); \
        Lane b23 = ROTL(a15 ^ d0, 41); \
        Lane b24 = ROTL(a21 ^ d1, 2);  \
        a05 = b05 ^ (~b06 & b07);      \
        a06 = b06 ^ (~b07 & b08);      \
        a07 = b07 ^ (~b08 & b09);      \
        a08 = b08 ^ (~b09 & b05);      \
        a09 = b09 ^ (~b05 & b06);      \
        a10 = b10 ^ (~b11 & b12);      \
        a11 = b11 ^ (~b12 & b13);      \
        a12 = b12 ^ (~b13 & b14);      \
        a13 = b13 ^ (~b14 & b10);      \
        a14 = b14 ^ (~b10 & b11);      \
        a15 = b15 ^ (~b16 & b17);      \
        a16 = b16 ^ (~b17 & b18);      \
        a17 = b17 ^ (~b18 & b19);      \
        a18 = b18 ^ (~b19 & b15);      \
        a19 = b19 ^ (~b15 & b16);      \
        a20 = b20 ^ (~b21 & b22);      \
        a21 = b21 ^ (~b22 & b23);      \
        a22 = b22 ^ (~b23 & b24);      \
        a23 = b23 ^ (~b24 & b20);      \
        a24 = b24 ^ (~b20 & b21);      \
        KECCAK_CHI_FIRST_ROW(round)    \
    } while (0)

#define KECCAK_LAST_ROW(Lane)        \
    do {                             \
        KECCAK_THETA_FIRST_ROW(Lane) \
        KECCAK_CHI_FIRST_ROW(23)     \
    } while (0)

/* The permutation's body over lanes of type Lane, compiled three times: for any x86-64 (or other machine),
 * where the processor has BMI1 and BMI2 (andn and rorx, three-operand forms of chi's and-not and of the
 * rotations, which save the copies the two-operand forms need), and over four sponges at once where it has
 * AVX2 (permute_x4).  `rows`: the rows of lanes that are read after it (1 or 5). */
#define KECCAK_PERMUTE(Lane, lanes, rows)                                                                  \
    do {                                                                                                   \
        Lane a00 = lanes[0];                                                                               \
        Lane a01 = lanes[1];                                                                               \
        Lane a02 = lanes[2];                                                                               \
        Lane a03 = lanes[3];                                                                               \
        Lane a04 = lanes[4];                                                                               \
        Lane a05 = lanes[5];                                                                               \
        Lane a06 = lanes[6];                                                                               \
        Lane a07 = lanes[7];                                                                               \
        Lane a08 = lanes[8];                                                                               \
        Lane a09 = lanes[9];                                                                               \
        Lane a10 = lanes[10];                                                                              \
        Lane a11 = lanes[11];                                                                              \
        Lane a12 = lanes[12];                                                                              \
        Lane a13 = lanes[13];                                                                              \
        Lane a14 = lanes[14];                                                                              \
        Lane a15 = lanes[15];                                                                              \
        Lane a16 = lanes[16];                                                                              \
        Lane a17 = lanes[17];                                                                              \
        Lane a18 = lanes[18];                                                                              \
        Lane a19 = lanes[19];                                                                              \
        Lane a20 = lanes[20];                                                                              \
        Lane a21 = lanes[21];                                                                              \
        Lane a22 = lanes[22];                                                                              \
        Lane a23 = lanes[23];                                                                              \
        Lane a24 = lanes[24];                                                                              \
        _Pragma("GCC unroll 23") for (int round = 0; round < 23; round++) KECCAK_ROUND(Lane, round);       \
        if (rows == 1) /* only the first row of lanes is read: the last round's others are not computed */ \
            KECCAK_LAST_ROW(Lane);                                                                         \
        else                                                                                               \
            KECCAK_ROUND(Lane, 23);                                                                        \
        lanes[0] = a00;                                                                                    \
        lanes[1] = a01;                                                                                    \
        lanes[2] = a02;                                                                                    \
        lanes[3] = a03;                                                                                    \
        lanes[4] = a04;                                                                                    \
        lanes[5] = a05;                                                                                    \
        lanes[6] = a06;                                                                                    \
        lanes[7] = a07;                                                                                    \
        lanes[8] = a08;                                                                                    \
        lanes[9] = a09;                                                                                    \
        lanes[10] = a10;                                                                                   \
        lanes[11] = a11;                                                                                   \
        lanes[12] = a12;                                                                                   \
        lanes[13] = a13;                                                                                   \
        lanes[14] = a14;                                                                                   \
        lanes[15] = a15;                                                                                   \
        lanes[16] = a16;                                                                                   \
        lanes[17] = a17;                                                                                   \
        lanes[18] = a18;                                                                                   \
        lanes[19] = a19;                                                                                   \
        lanes[20] = a20;                                                                                   \
        lanes[21] = a21;                                                                                   \
        lanes[22] = a22;                                                                                   \
        lanes[23] = a23;                                                                                   \
        lanes[24] = a24;                                                                                   \
    } while (0)

static void permute_generic(uint64_t lanes[25], int rows) { KECCAK_PERMUTE(uint64_t, lanes, rows); }

static void (*permute)(uint64_t lanes[25], int rows) = permute_generic;

#if defined(__GNUC__) && defined(__x86_64__)
__attribute__((target("bmi,bmi2"))) static void permute_bmi(uint64_t lanes[25], int rows) {
    KECCAK_PERMUTE(uint64_t, lanes, rows);
}
#endif

/* Absorb a short message (length < SHAKE256_RATE) into a sponge's zeroed lanes, lane i at lanes[i * stride]:
 * the message, SHAKE's domain bits and the padding. */
static void absorb_message(uint64_t *lanes, size_t stride, const unsigned char *message, size_t length) {
    size_t at = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; at + 8 <= length; at += 8) /* whole lanes at once: the machine's order is the sponge's */
        memcpy(&lanes[at / 8 * stride], message + at, 8);
#endif
    for (; at < length; at++)
        lanes[at / 8 * stride] ^= (uint64_t)message[at] << 8 * (at % 8);
    lanes[length / 8 * stride] ^= (uint64_t)0x1f << 8 * (length % 8);
    lanes[(SHAKE256_RATE - 1) / 8 * stride] ^= (uint64_t)0x80 << 8 * ((SHAKE256_RATE - 1) % 8);
}

/* Where the processor lacks AVX2 (or this is no x86-64): one sponge after another. */
static void shake256_lanes_one_by_one(uint64_t (*lanes)[SHAKE256_RATE / 8], const unsigned char *const messages[],
                                      const size_t lengths[], int count, size_t size) {
    for (int which = 0; which < count; which++) {
        uint64_t all[25];
        shake256_absorb_short(all, messages[which], lengths[which], size);
        memcpy(lanes[which], all, (size + 7) / 8 * sizeof(uint64_t));
    }
}

static void (*shake256_lanes_four)(uint64_t (*lanes)[SHAKE256_RATE / 8], const unsigned char *const messages[],
                                   const size_t lengths[], int count, size_t size) = shake256_lanes_one_by_one;

#if defined(__GNUC__) && defined(__x86_64__)
/* Four sponges side by side: lane i of message k is by_lane[i][k], so that each of the permutation's
 * operations works on the four at once (the same rounds, over GCC's 256-bit vectors). */
typedef uint64_t Lanes4 __attribute__((vector_size(32)));
typedef union {
    Lanes4 lanes[25];
    uint64_t by_lane[25][4];
} Sponges4;

__attribute__((target("avx2"))) static void permute_x4(Lanes4 lanes[25], int rows) {
    KECCAK_PERMUTE(Lanes4, lanes, rows);
}

/* `count` (1 to 4) messages absorbed side by side (the first again in the sponges left over). */
__attribute__((target("avx2"))) static void shake256_lanes_avx2(uint64_t (*lanes)[SHAKE256_RATE / 8],
                                                                const unsigned char *const messages[],
                                                                const size_t lengths[], int count, size_t size) {
    Sponges4 sponges;
    memset(&sponges, 0, sizeof sponges);
    for (int which = 0; which < 4; which++)
        absorb_message(&sponges.by_lane[0][which], 4, messages[which < count ? which : 0],
                       lengths[which < count ? which : 0]);
    permute_x4(sponges.lanes, size <= 40 ? 1 : 5);
    for (size_t lane = 0; lane < (size + 7) / 8; lane++)
        for (int which = 0; which < count; which++)
            lanes[which][lane] = sponges.by_lane[lane][which];
}
#endif

void keccak_init(void) {
#if defined(__GNUC__) && defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2"))
        permute = permute_bmi;
    if (__builtin_cpu_supports("avx2"))
        shake256_lanes_four = shake256_lanes_avx2;
#endif
}

void keccak_f1600(uint64_t lanes[25]) { permute(lanes, 5); }

void shake256_absorb_short(uint64_t lanes[25], const unsigned char *message, size_t length, size_t size) {
    memset(lanes, 0, 25 * sizeof(uint64_t));
    absorb_message(lanes, 1, message, length);
    permute(lanes, size <= 40 ? 1 : 5);
}

void shake256_short(const unsigned char *message, size_t length, unsigned char *digest, size_t size) {
    uint64_t lanes[25];
    shake256_absorb_short(lanes, message, length, size);
    for (size_t at = 0; at < size; at++)
        digest[at] = (unsigned char)(lanes[at / 8] >> 8 * (at % 8));
}

void shake256_lanes_x4(uint64_t (*lanes)[SHAKE256_RATE / 8], const unsigned char *const messages[],
                       const size_t lengths[], int count, size_t size) {
    shake256_lanes_four(lanes, messages, lengths, count, size);
}
