/* SHAKE-256 (FIPS 202) in C, for the chance events' entropy (offer.c): hashlib.shake_256, bit for bit,
 * for messages and digests shorter than the rate. */
#ifndef MOZAIKA_KECCAK_H
#define MOZAIKA_KECCAK_H

#include <stddef.h>
#include <stdint.h>

#define SHAKE256_RATE 136

/* The Keccak-f[1600] permutation of the sponge's 25 lanes. */
void keccak_f1600(uint64_t lanes[25]);

/* hashlib.shake_256(message).digest(size), for length < SHAKE256_RATE and size <= SHAKE256_RATE. */
void shake256_short(const unsigned char *message, size_t length, unsigned char *digest, size_t size);

#endif
