#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>

#include "CCryptoLoader.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>

// Filled once by a successful mcr_open(); read-only afterwards, so concurrent callers need no lock.
// The types are those of OpenSSL's own declarations, so a changed signature fails to compile.
static struct {
    __typeof__(&SHA256) sha256;
    __typeof__(&HMAC) hmac;
    __typeof__(&EVP_sha256) evp_sha256;
    __typeof__(&PKCS5_PBKDF2_HMAC) pbkdf2_hmac;
    __typeof__(&EVP_MD_CTX_new) ctx_new;
    __typeof__(&EVP_DigestInit_ex2) digest_init;
    __typeof__(&EVP_DigestUpdate) digest_update;
    __typeof__(&EVP_DigestFinal_ex) digest_final;
    // SHA-256 fetched once: OpenSSL 3's one-shot SHA256() looks the algorithm up by its name at
    // every call, which was most of a script line's digest (6.6 k instructions of a 7-byte
    // line, scripts/bench-instructions).
    EVP_MD *sha256_md;
} api;

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
    // Set up without a clean-up at exit: the library may be opened, and a first digest made, on
    // a thread of its own while the program ends for another reason (`SHA256.prepare`, then a
    // usage error), and OpenSSL torn down under a digest in progress is a crash. Called before
    // any other OpenSSL function, as it must be; the process's end frees what it holds anyway.
    __typeof__(&OPENSSL_init_crypto) init;
    *(void **)(&init) = dlsym(handle, "OPENSSL_init_crypto");
    if (init != NULL) init(OPENSSL_INIT_NO_ATEXIT, NULL);
    __typeof__(api) found;
    LOAD(sha256, "SHA256");
    LOAD(hmac, "HMAC");
    LOAD(evp_sha256, "EVP_sha256");
    LOAD(pbkdf2_hmac, "PKCS5_PBKDF2_HMAC");
    LOAD(ctx_new, "EVP_MD_CTX_new");
    LOAD(digest_init, "EVP_DigestInit_ex2");
    LOAD(digest_update, "EVP_DigestUpdate");
    LOAD(digest_final, "EVP_DigestFinal_ex");
    __typeof__(&EVP_MD_fetch) fetch;
    *(void **)(&fetch) = dlsym(handle, "EVP_MD_fetch");
    found.sha256_md = fetch != NULL ? fetch(NULL, "SHA256", NULL) : NULL;
    api = found;
    return 0;
}

const char *mcr_error(void) { return failure; }

void mcr_sha256(const void *data, size_t length, unsigned char *digest) {
    if (api.sha256_md != NULL && sha256_context == NULL) sha256_context = api.ctx_new();
    unsigned size = 0;
    if (sha256_context != NULL && api.digest_init(sha256_context, api.sha256_md, NULL) == 1 &&
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
    unsigned length = 0;
    if (api.hmac(api.evp_sha256(), key, (int)key_length, data, data_length, code, &length) == NULL) return 0;
    return length;
}

int mcr_pbkdf2_sha256(const void *password, int password_length, const void *salt, int salt_length, int rounds,
                      unsigned char *key, int key_length) {
    return api.pbkdf2_hmac(password, password_length, salt, salt_length, rounds, api.evp_sha256(), key_length, key);
}
