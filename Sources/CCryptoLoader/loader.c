// SHA256_Init, _Update and _Final are deprecated by OpenSSL 3 (for its EVP calls), not removed:
// every 3.x release exports them. They are the digest itself, where EVP first sets up OpenSSL's
// providers and looks SHA-256 up among them: 5.4 million instructions before the first digest
// of a script's lines, an eighth of the start of `openmarket run` (scripts/bench-instructions;
// docs/benchmarks.md, "A digest without EVP's set-up").
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include "CCryptoLoader.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>

// Filled once by a successful mcr_open(); read-only afterwards, so concurrent callers need no lock.
// The types are those of OpenSSL's own declarations, so a changed signature fails to compile.
static struct {
    // SHA-256 without EVP, when the library has these three (NULL otherwise: then by EVP).
    __typeof__(&SHA256_Init) direct_init;
    __typeof__(&SHA256_Update) direct_update;
    __typeof__(&SHA256_Final) direct_final;
    __typeof__(&OPENSSL_init_crypto) init_crypto;
    __typeof__(&EVP_MD_fetch) fetch;
    __typeof__(&SHA256) sha256;
    __typeof__(&HMAC) hmac;
    __typeof__(&EVP_sha256) evp_sha256;
    __typeof__(&PKCS5_PBKDF2_HMAC) pbkdf2_hmac;
    __typeof__(&EVP_MD_CTX_new) ctx_new;
    __typeof__(&EVP_DigestInit_ex2) digest_init;
    __typeof__(&EVP_DigestUpdate) digest_update;
    __typeof__(&EVP_DigestFinal_ex) digest_final;
} api;

// EVP's SHA-256, fetched once (evp_ready): OpenSSL 3's one-shot SHA256() looks the algorithm up
// by its name at every call, which was most of a script line's digest (6.6 k instructions of a
// 7-byte line, scripts/bench-instructions).
static EVP_MD *sha256_md;
static pthread_once_t evp_once = PTHREAD_ONCE_INIT;

// Each thread's context for SHA-256, made at its first digest and used again for the next.
static _Thread_local EVP_MD_CTX *sha256_context;

// Per thread, so that a failed mcr_open() never garbles the words of another thread's.
static _Thread_local char failure[256];

#define LOAD(field, symbol)                                                           \
    do {                                                                              \
        *(void **)(&found.field) = dlsym(handle, symbol);                             \
        if (found.field == NULL) {                                                    \
            snprintf(failure, sizeof failure, "%s has no function %s", name, symbol); \
            dlclose(handle);                                                          \
            return -1;                                                                \
        }                                                                             \
    } while (0)

int mcr_open(const char *name) {
    failure[0] = '\0';
    void *handle = dlopen(name, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(failure, sizeof failure, "%s", reason != NULL ? reason : name);
        return -1;
    }
    __typeof__(api) found;
    LOAD(sha256, "SHA256");
    LOAD(hmac, "HMAC");
    LOAD(evp_sha256, "EVP_sha256");
    LOAD(pbkdf2_hmac, "PKCS5_PBKDF2_HMAC");
    LOAD(ctx_new, "EVP_MD_CTX_new");
    LOAD(digest_init, "EVP_DigestInit_ex2");
    LOAD(digest_update, "EVP_DigestUpdate");
    LOAD(digest_final, "EVP_DigestFinal_ex");
    *(void **)(&found.init_crypto) = dlsym(handle, "OPENSSL_init_crypto");
    *(void **)(&found.fetch) = dlsym(handle, "EVP_MD_fetch");
    *(void **)(&found.direct_init) = dlsym(handle, "SHA256_Init");
    *(void **)(&found.direct_update) = dlsym(handle, "SHA256_Update");
    *(void **)(&found.direct_final) = dlsym(handle, "SHA256_Final");
    if (found.direct_init == NULL || found.direct_update == NULL || found.direct_final == NULL) {
        found.direct_init = NULL;
    }
    api = found;
    return 0;
}

// OpenSSL's set-up, once, before its first EVP call (the direct SHA-256 needs none). Without a
// clean-up at exit: a digest may be in progress on a thread of its own while the program ends
// for another reason (`SHA256.prepare`, then a usage error), and OpenSSL torn down under it is a
// crash. Made before any other EVP call, as it must be; the process's end frees what it holds.
static void evp_setup(void) {
    if (api.init_crypto != NULL) api.init_crypto(OPENSSL_INIT_NO_ATEXIT, NULL);
    sha256_md = api.fetch != NULL ? api.fetch(NULL, "SHA256", NULL) : NULL;
}

static void evp_ready(void) { pthread_once(&evp_once, evp_setup); }

const char *mcr_error(void) { return failure; }

void mcr_sha256(const void *data, size_t length, unsigned char *digest) {
    if (api.direct_init != NULL) {
        SHA256_CTX context;
        if (api.direct_init(&context) == 1 && api.direct_update(&context, data, length) == 1 &&
            api.direct_final(digest, &context) == 1) {
            return;
        }
    }
    mcr_sha256_evp(data, length, digest);
}

void mcr_sha256_evp(const void *data, size_t length, unsigned char *digest) {
    evp_ready();
    if (sha256_md != NULL && sha256_context == NULL) sha256_context = api.ctx_new();
    unsigned size = 0;
    if (sha256_context != NULL && api.digest_init(sha256_context, sha256_md, NULL) == 1 &&
        api.digest_update(sha256_context, data, length) == 1 &&
        api.digest_final(sha256_context, digest, &size) == 1 && size == 32) {
        return;
    }
    // Without the fetched algorithm or a context (no memory): the one-shot call, as before.
    api.sha256(data, length, digest);
}

unsigned mcr_hmac_sha256(const void *key, size_t key_length, const void *data, size_t data_length,
                         unsigned char *code) {
    if (key_length > INT_MAX) return 0;
    evp_ready();
    unsigned length = 0;
    if (api.hmac(api.evp_sha256(), key, (int)key_length, data, data_length, code, &length) == NULL) return 0;
    return length;
}

int mcr_pbkdf2_sha256(const void *password, int password_length, const void *salt, int salt_length, int rounds,
                      unsigned char *key, int key_length) {
    evp_ready();
    return api.pbkdf2_hmac(password, password_length, salt, salt_length, rounds, api.evp_sha256(), key_length, key);
}
