#ifndef VITRINE_CCRYPTO_SHIM_H
#define VITRINE_CCRYPTO_SHIM_H
#include <stddef.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

/* The three primitives the backend needs from Debian's libcrypto (OpenSSL 3), behind
   fixed signatures: HMAC-SHA-256 (session tokens are stored as their keyed hash), SHA-256
   (event ids kept for de-duplication) and a comparison whose time does not depend on where
   two byte strings differ. Nothing cryptographic is written here: each is one OpenSSL call. */

/** HMAC-SHA-256 of `data` under `key` into `out` (32 bytes); 1 on success, 0 on failure. */
static inline int vitrine_hmac_sha256(const void *key, size_t key_length, const void *data, size_t data_length,
                                      unsigned char out[32])
{
    unsigned int length = 0;
    if (key_length > 0x7fffffff) return 0;
    return HMAC(EVP_sha256(), key, (int)key_length, (const unsigned char *)data, data_length, out, &length) != NULL
        && length == 32;
}

/** SHA-256 of `data` into `out` (32 bytes); 1 on success, 0 on failure. */
static inline int vitrine_sha256(const void *data, size_t length, unsigned char out[32])
{
    unsigned int written = 0;
    return EVP_Digest(data, length, out, &written, EVP_sha256(), NULL) == 1 && written == 32;
}

/** 0 when the `length` bytes at `a` and `b` are equal, in time independent of their contents. */
static inline int vitrine_constant_time_compare(const void *a, const void *b, size_t length)
{
    return CRYPTO_memcmp(a, b, length);
}

#endif
