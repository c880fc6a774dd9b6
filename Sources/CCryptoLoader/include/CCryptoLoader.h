#ifndef OPENMARKET_CCRYPTO_LOADER_H
#define OPENMARKET_CCRYPTO_LOADER_H

// Fixed-signature entry points into the system's OpenSSL libcrypto for Digests: SHA-256,
// HMAC-SHA256 and PBKDF2-HMAC-SHA256. SHA-256 by OpenSSL's direct functions, which need none of
// the set-up of its EVP calls (loader.c says why); HMAC and PBKDF2 by EVP, set up at their first
// call.
//
// libcrypto is opened with dlopen() by mcr_open() instead of being linked, as libvips is
// (CVipsLoader.h): linked, the dynamic loader mapped and relocated it at every start of every
// program, about 0.85 ms of CPU, although the shell needs it only when it first names a file by
// a digest. Nothing here exposes an OpenSSL type, so Swift needs no OpenSSL headers. Call
// mcr_open() until it succeeds once (Digests does, in a `static let`), before anything else here.

#include <stddef.h>

/// Opens the library `name` ("libcrypto.so.3") and finds the functions below in it. Returns 0 on
/// success; -1 otherwise, with the reason in mcr_error(). Not safe to call concurrently.
int mcr_open(const char *name);

/// Why this thread's last mcr_open() failed (dlerror()'s words), or "" when it did not.
const char *mcr_error(void);

/// SHA-256 of `length` bytes into `digest` (32 bytes).
void mcr_sha256(const void *data, size_t length, unsigned char *digest);

/// The same by EVP, which mcr_sha256() falls back to when the library lacks the direct
/// functions (a future OpenSSL that drops them); its first call sets OpenSSL up.
void mcr_sha256_evp(const void *data, size_t length, unsigned char *digest);

/// HMAC-SHA256 of `data` under `key` into `code` (at least 64 bytes); returns the code's length, or
/// 0 when libcrypto fails (it fails only when it cannot allocate).
unsigned mcr_hmac_sha256(const void *key, size_t key_length, const void *data, size_t data_length,
                         unsigned char *code);

/// PBKDF2-HMAC-SHA256: `key_length` bytes into `key`. Returns 1 on success, 0 on failure.
int mcr_pbkdf2_sha256(const void *password, int password_length, const void *salt, int salt_length, int rounds,
                      unsigned char *key, int key_length);

#endif
