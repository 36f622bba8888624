#ifndef VITRINE_CCRYPTO_SHIM_H
#define VITRINE_CCRYPTO_SHIM_H
#include <stddef.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/core_names.h>
#include <openssl/params.h>

/* The primitives the backend needs from Debian's libcrypto (OpenSSL 3), behind
   fixed signatures: HMAC-SHA-256 (session tokens are stored as their keyed hash), SHA-256
   (event ids kept for de-duplication) and a comparison whose time does not depend on where
   two byte strings differ. Nothing cryptographic is written here: each is one to four
   OpenSSL calls. */

/** HMAC-SHA-256 of `data` under `key` into `out` (32 bytes); 1 on success, 0 on failure. */
static inline int vitrine_hmac_sha256(const void *key, size_t key_length, const void *data, size_t data_length,
                                      unsigned char out[32])
{
    unsigned int length = 0;
    if (key_length > 0x7fffffff) return 0;
    return HMAC(EVP_sha256(), key, (int)key_length, (const unsigned char *)data, data_length, out, &length) != NULL
        && length == 32;
}

/** An HMAC-SHA-256 context keyed once (libcrypto hashes the key into its inner and outer
    states then), for `vitrine_hmac_sha256_again`; NULL on failure. Free it with
    `vitrine_hmac_free`. One context serves one thread at a time. */
static inline EVP_MAC_CTX *vitrine_hmac_sha256_keyed(const void *key, size_t key_length)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    if (mac == NULL) return NULL;
    EVP_MAC_CTX *context = EVP_MAC_CTX_new(mac);
    EVP_MAC_free(mac);
    if (context == NULL) return NULL;
    char digest[] = "SHA256";
    OSSL_PARAM params[] = { OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest, 0), OSSL_PARAM_construct_end() };
    if (EVP_MAC_init(context, (const unsigned char *)key, key_length, params) != 1) {
        EVP_MAC_CTX_free(context);
        return NULL;
    }
    return context;
}

/** HMAC-SHA-256 of `data` into `out` (32 bytes) under the key `context` was made with,
    starting again from that key's states; 1 on success, 0 on failure. */
static inline int vitrine_hmac_sha256_again(EVP_MAC_CTX *context, const void *data, size_t data_length, unsigned char out[32])
{
    size_t written = 0;
    return EVP_MAC_init(context, NULL, 0, NULL) == 1
        && EVP_MAC_update(context, (const unsigned char *)data, data_length) == 1
        && EVP_MAC_final(context, out, &written, 32) == 1 && written == 32;
}

/** Frees a context of `vitrine_hmac_sha256_keyed`. */
static inline void vitrine_hmac_free(EVP_MAC_CTX *context)
{
    EVP_MAC_CTX_free(context);
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
