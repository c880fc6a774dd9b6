// The system's OpenSSL libcrypto (Debian libssl-dev): only its one-shot SHA-256, HMAC and
// PBKDF2 calls, none of which OpenSSL 3 deprecates.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
