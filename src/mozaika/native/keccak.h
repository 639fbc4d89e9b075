/* SHAKE-256 (FIPS 202) in C, for the chance events' entropy (offer.c): hashlib.shake_256, bit for bit,
 * for messages and digests shorter than the rate. */
#ifndef MOZAIKA_KECCAK_H
#define MOZAIKA_KECCAK_H

#include <stddef.h>
#include <stdint.h>

#define SHAKE256_RATE 136

/* Choose the permutation's code for this processor (once, when the module is loaded). */
void keccak_init(void);

/* The Keccak-f[1600] permutation of the sponge's 25 lanes. */
void keccak_f1600(uint64_t lanes[25]);

/* hashlib.shake_256(message).digest(size), for length < SHAKE256_RATE and size <= SHAKE256_RATE. */
void shake256_short(const unsigned char *message, size_t length, unsigned char *digest, size_t size);

/* The sponge's lanes after absorbing a short message (length < SHAKE256_RATE): the digest's first `size`
 * bytes (size <= SHAKE256_RATE) are the lanes' first, little-endian (the lanes past them are not kept). */
void shake256_absorb_short(uint64_t lanes[25], const unsigned char *message, size_t length, size_t size);

/* shake256_absorb_short for `count` (1 to 4) messages at once, where the processor has AVX2 the four
 * permutations side by side: lanes[k] gets the first (size + 7) / 8 lanes of message k's digest
 * (size <= SHAKE256_RATE). */
void shake256_lanes_x4(uint64_t (*lanes)[SHAKE256_RATE / 8], const unsigned char *const messages[],
                       const size_t lengths[], int count, size_t size);

#endif
