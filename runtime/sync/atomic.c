// libomp's __kmpc_atomic_* entry points: the atomic constructs of compilers other than clang
// (older clang, icc, flang) and of hand-written code. clang 14-22 never calls them (it emits
// native atomics or libatomic calls), so none of this is on a hot path of clang programs.
//
// The set is exactly what libomp 19.1.7 exports on x86-64 Linux (no _Quad forms there).
// Naming: fixedN is an N-byte integer (fixedNu unsigned), float4/8/10 float, double and long
// double, cmplx4/8/10 their _Complex forms. _cpt returns the old value (flag 0) or the new one
// (flag != 0); _rev computes x = rhs op x; _rd, _wr and _swp read, write and exchange.
//
// How each update is made atomic: an object of 1, 2, 4 or 8 bytes at an address aligned to its
// size is updated lock-free (a fetch-and-op instruction, or a compare-and-swap loop on its bits);
// any other object (long double, the larger complex types, a misaligned one) is updated under one
// of a table of locks chosen by its address. Which way an object goes depends only on its address
// and size, so every routine that touches the same object, the generic __kmpc_atomic_N included, is
// atomic with respect to every other.
#include "glass.h"
#include "critical.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef float _Complex cmplx4_t;
typedef double _Complex cmplx8_t;
typedef long double _Complex cmplx10_t;
typedef unsigned char uchar;
typedef unsigned short ushort;

// ---------------------------------------------------------------------------------------------
// The lock table.

#define STRIPES 64 // power of two

typedef struct {
  glass_critical_t c;
  char pad[GLASS_CACHE - sizeof(glass_critical_t)];
} stripe_t;

static stripe_t stripes[STRIPES] __attribute__((aligned(GLASS_CACHE)));

// __kmpc_atomic_start/_end: one lock for whole statements the compiler cannot make atomic.
static glass_critical_t statement_lock;

static inline glass_critical_t *stripe_of(const void *p) {
  uint64_t h = ((uintptr_t)p >> 3) * 0x9e3779b97f4a7c15ull;
  return &stripes[h >> (64 - 6)].c;
}

_Static_assert(STRIPES == 64, "stripe_of takes the top 6 bits");

static GLASS_NOINLINE glass_critical_t *stripe_enter(const void *p, const void *codeptr) {
  glass_critical_t *c = stripe_of(p);
  glass_critical_enter(glass_self(), c, 0, ompt_mutex_atomic, codeptr);
  return c;
}

static GLASS_NOINLINE void stripe_exit(glass_critical_t *c, const void *codeptr) {
  glass_critical_exit(glass_tls_self, c, ompt_mutex_atomic, codeptr);
}

// ---------------------------------------------------------------------------------------------
// Lock-free access to the bits of a 1-, 2-, 4- or 8-byte object; n is a compile-time constant.

static inline bool lock_free(const void *p, size_t n) {
  return n <= 8 && (n & (n - 1)) == 0 && ((uintptr_t)p & (n - 1)) == 0;
}

#define BITS_CASE(N, U, ...)                                                                       \
  case N: {                                                                                        \
    typedef U bits_t;                                                                              \
    __VA_ARGS__;                                                                                   \
  } break

#define BITS_SWITCH(n, ...)                                                                        \
  switch (n) {                                                                                     \
    BITS_CASE(1, uint8_t, __VA_ARGS__);                                                            \
    BITS_CASE(2, uint16_t, __VA_ARGS__);                                                           \
    BITS_CASE(4, uint32_t, __VA_ARGS__);                                                           \
    BITS_CASE(8, uint64_t, __VA_ARGS__);                                                           \
  default:                                                                                         \
    __builtin_unreachable();                                                                       \
  }

static inline __attribute__((always_inline)) void bits_load(void *p, void *out, size_t n) {
  BITS_SWITCH(n, {
    bits_t v = __atomic_load_n((bits_t *)p, __ATOMIC_SEQ_CST);
    memcpy(out, &v, n);
  })
}

static inline __attribute__((always_inline)) void bits_store(void *p, const void *in, size_t n) {
  BITS_SWITCH(n, {
    bits_t v;
    memcpy(&v, in, n);
    __atomic_store_n((bits_t *)p, v, __ATOMIC_SEQ_CST);
  })
}

static inline __attribute__((always_inline)) void bits_swap(void *p, const void *in, void *old,
                                                            size_t n) {
  BITS_SWITCH(n, {
    bits_t v;
    memcpy(&v, in, n);
    v = __atomic_exchange_n((bits_t *)p, v, __ATOMIC_SEQ_CST);
    memcpy(old, &v, n);
  })
}

// Replaces *p by *desired if it still holds the bits of *expected; otherwise stores what it
// holds into *expected. Bitwise, so a NaN compares equal to itself and the loop ends.
static inline __attribute__((always_inline)) bool bits_cas(void *p, void *expected,
                                                           const void *desired, size_t n) {
  bool ok = false;
  BITS_SWITCH(n, {
    bits_t e, d;
    memcpy(&e, expected, n);
    memcpy(&d, desired, n);
    ok = __atomic_compare_exchange_n((bits_t *)p, &e, d, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    memcpy(expected, &e, n);
  })
  return ok;
}

// x = EXPR, where EXPR reads the old value o; leaves the old value in o and the new one in nv.
// Runs the statements under the stripe lock of p (objects the processor cannot update whole).
#define UNDER_STRIPE(p, ...)                                                                       \
  do {                                                                                             \
    const void *cp_ = GLASS_CODEPTR();                                                             \
    glass_critical_t *s_ = stripe_enter(p, cp_);                                                   \
    __VA_ARGS__;                                                                                   \
    stripe_exit(s_, cp_);                                                                          \
  } while (0)

#define UPDATE(T, p, o, nv, EXPR)                                                                  \
  do {                                                                                             \
    if (lock_free(p, sizeof(T))) {                                                                 \
      bits_load(p, &o, sizeof(T));                                                                 \
      do                                                                                           \
        nv = (EXPR);                                                                               \
      while (!bits_cas(p, &o, &nv, sizeof(T)));                                                    \
    } else { /* misaligned objects come here */                                                    \
      UNDER_STRIPE(p, memcpy(&o, (p), sizeof(T)); nv = (EXPR); memcpy((p), &nv, sizeof(T)));       \
    }                                                                                              \
  } while (0)

// ---------------------------------------------------------------------------------------------
// The operations. Integer arithmetic wraps (it is done in an unsigned type at least as wide as
// int); shifts by a count outside the promoted width give what shifting one bit at a time
// would; division by zero is reported and leaves the variable unchanged.

#define UW(T)    __typeof__(sizeof(T) > 4 ? (uint64_t)0 : 0u)
#define WBITS(T) (sizeof(T) > 4 ? 64u : 32u)

#define ADD(T, a, b)  ((T)((UW(T))(a) + (UW(T))(b)))
#define SUB(T, a, b)  ((T)((UW(T))(a) - (UW(T))(b)))
#define MUL(T, a, b)  ((T)((UW(T))(a) * (UW(T))(b)))
#define ANDB(T, a, b) ((T)((a) & (b)))
#define ORB(T, a, b)  ((T)((a) | (b)))
#define XOR(T, a, b)  ((T)((a) ^ (b)))
#define EQV(T, a, b)  ((T) ~((a) ^ (b)))
#define ANDL(T, a, b) ((T)((a) && (b)))
#define ORL(T, a, b)  ((T)((a) || (b)))
#define MAX(T, a, b)  ((a) < (b) ? (b) : (a))
#define MIN(T, a, b)  ((a) > (b) ? (b) : (a))
#define SHL(T, a, b)  ((T)((UW(T))(b) >= WBITS(T) ? 0 : (UW(T))(a) << (UW(T))(b)))
#define SHR(T, a, b)  ((T)((UW(T))(b) >= WBITS(T) ? ((a) < 0 ? -1 : 0) : (a) >> (UW(T))(b)))
#define USHR(T, a, b) ((T)((UW(T))(b) >= WBITS(T) ? 0 : (a) >> (UW(T))(b)))
#define DIV(T, a, b)  div_##T(a, b)
#define FADD(T, a, b) ((T)((a) + (b)))
#define FSUB(T, a, b) ((T)((a) - (b)))
#define FMUL(T, a, b) ((T)((a) * (b)))
#define FDIV(T, a, b) ((T)((a) / (b)))

static GLASS_COLD void div_by_zero(void) {
  static _Atomic bool said;
  if (!atomic_exchange_explicit(&said, true, memory_order_relaxed))
    glass_warn("__kmpc_atomic_*: integer division by zero; the variable is left unchanged");
}

// A quotient, or the dividend when the divisor is 0 (reported once). Signed: the one
// overflowing quotient (minimum / -1) wraps as the other operations do.
#define DEF_DIV(T, QUOTIENT)                                                                       \
  static inline T div_##T(T a, T b) {                                                              \
    if (unlikely(b == 0)) {                                                                        \
      div_by_zero();                                                                               \
      return a;                                                                                    \
    }                                                                                              \
    return QUOTIENT;                                                                               \
  }
#define DEF_SDIV(T) DEF_DIV(T, b == -1 ? SUB(T, 0, a) : (T)(a / b))
#define DEF_UDIV(T) DEF_DIV(T, (T)(a / b))

// fixed1 is plain char in the ABI, signed on x86-64.
DEF_SDIV(char)
DEF_SDIV(short)
DEF_SDIV(int32_t)
DEF_SDIV(int64_t)
DEF_UDIV(uchar)
DEF_UDIV(ushort)
DEF_UDIV(uint32_t)
DEF_UDIV(uint64_t)

// ---------------------------------------------------------------------------------------------
// Entry-point generators. NAME is the part after __kmpc_atomic_; OP(T, a, b) the operation.

#define ENTRY(NAME) __kmpc_atomic_##NAME

// x = x op rhs, and its capture (flag: return the new value, else the old one).
#define DEF_UPD_PAIR(PLAIN, CPT, T, R, EXPR)                                                       \
  GLASS_API void ENTRY(PLAIN)(ident_t * loc, int gtid, T *lhs, R rhs) {                            \
    T o, nv;                                                                                       \
    UPDATE(T, lhs, o, nv, EXPR);                                                                   \
  }                                                                                                \
  GLASS_API T ENTRY(CPT)(ident_t * loc, int gtid, T *lhs, R rhs, int flag) {                       \
    T o, nv;                                                                                       \
    UPDATE(T, lhs, o, nv, EXPR);                                                                   \
    return flag ? nv : o;                                                                          \
  }
#define DEF_UPD(NAME, T, OP) DEF_UPD_PAIR(NAME, NAME##_cpt, T, T, OP(T, o, rhs))

// The same where the processor has the read-modify-write itself (lock xadd, lock or, ...).
// The builtins wrap on signed overflow.
#define DEF_FETCH(NAME, T, OP, FETCH)                                                              \
  static inline __attribute__((always_inline)) T fetch_##NAME(T *lhs, T rhs, T *nv) {              \
    T o;                                                                                           \
    if (lock_free(lhs, sizeof(T))) {                                                               \
      o = __atomic_fetch_##FETCH(lhs, rhs, __ATOMIC_SEQ_CST);                                      \
      *nv = OP(T, o, rhs);                                                                         \
    } else {                                                                                       \
      UPDATE(T, lhs, o, *nv, OP(T, o, rhs));                                                       \
    }                                                                                              \
    return o;                                                                                      \
  }                                                                                                \
  GLASS_API void ENTRY(NAME)(ident_t * loc, int gtid, T *lhs, T rhs) {                             \
    T nv;                                                                                          \
    fetch_##NAME(lhs, rhs, &nv);                                                                   \
  }                                                                                                \
  GLASS_API T ENTRY(NAME##_cpt)(ident_t * loc, int gtid, T *lhs, T rhs, int flag) {                \
    T nv, o = fetch_##NAME(lhs, rhs, &nv);                                                         \
    return flag ? nv : o;                                                                          \
  }

// x = rhs op x, and its capture.
#define DEF_REV(NAME, T, OP) DEF_UPD_PAIR(NAME##_rev, NAME##_cpt_rev, T, T, OP(T, rhs, o))

// x = x op rhs with a wider right-hand side: computed in the wider type, then converted.
#define DEF_MIX(NAME, T, R, OP)                                                                    \
  GLASS_API void ENTRY(NAME)(ident_t * loc, int gtid, T *lhs, R rhs) {                             \
    T o, nv;                                                                                       \
    UPDATE(T, lhs, o, nv, (T)OP(R, (R)o, rhs));                                                    \
  }

#define DEF_RD_WR_SWP(NAME, T)                                                                     \
  GLASS_API T ENTRY(NAME##_rd)(ident_t * loc, int gtid, T *p) {                                    \
    T v;                                                                                           \
    if (lock_free(p, sizeof(T))) {                                                                 \
      bits_load(p, &v, sizeof(T));                                                                 \
    } else {                                                                                       \
      UNDER_STRIPE(p, memcpy(&v, p, sizeof(T)));                                                   \
    }                                                                                              \
    return v;                                                                                      \
  }                                                                                                \
  GLASS_API void ENTRY(NAME##_wr)(ident_t * loc, int gtid, T *p, T rhs) {                          \
    if (lock_free(p, sizeof(T))) {                                                                 \
      bits_store(p, &rhs, sizeof(T));                                                              \
    } else {                                                                                       \
      UNDER_STRIPE(p, memcpy(p, &rhs, sizeof(T)));                                                 \
    }                                                                                              \
  }                                                                                                \
  static inline __attribute__((always_inline)) T swap_##NAME(T *p, T rhs) {                        \
    T o;                                                                                           \
    if (lock_free(p, sizeof(T))) {                                                                 \
      bits_swap(p, &rhs, &o, sizeof(T));                                                           \
    } else {                                                                                       \
      UNDER_STRIPE(p, memcpy(&o, p, sizeof(T)); memcpy(p, &rhs, sizeof(T)));                       \
    }                                                                                              \
    return o;                                                                                      \
  }

#define DEF_SWP(NAME, T)                                                                           \
  GLASS_API T ENTRY(NAME##_swp)(ident_t * loc, int gtid, T *p, T rhs) {                            \
    return swap_##NAME(p, rhs);                                                                    \
  }

// ---------------------------------------------------------------------------------------------
// Integers.

#define DEF_FIXED(N, T, UT)                                                                        \
  DEF_FETCH(fixed##N##_add, T, ADD, add)                                                           \
  DEF_FETCH(fixed##N##_sub, T, SUB, sub)                                                           \
  DEF_UPD(fixed##N##_mul, T, MUL)                                                                  \
  DEF_UPD(fixed##N##_div, T, DIV)                                                                  \
  DEF_FETCH(fixed##N##_andb, T, ANDB, and)                                                         \
  DEF_FETCH(fixed##N##_orb, T, ORB, or)                                                            \
  DEF_FETCH(fixed##N##_xor, T, XOR, xor)                                                           \
  DEF_UPD(fixed##N##_andl, T, ANDL)                                                                \
  DEF_UPD(fixed##N##_orl, T, ORL)                                                                  \
  DEF_UPD(fixed##N##_eqv, T, EQV)                                                                  \
  DEF_FETCH(fixed##N##_neqv, T, XOR, xor)                                                          \
  DEF_UPD(fixed##N##_max, T, MAX)                                                                  \
  DEF_UPD(fixed##N##_min, T, MIN)                                                                  \
  DEF_UPD(fixed##N##_shl, T, SHL)                                                                  \
  DEF_UPD(fixed##N##_shr, T, SHR)                                                                  \
  DEF_UPD(fixed##N##u_div, UT, DIV)                                                                \
  DEF_UPD(fixed##N##u_shr, UT, USHR)                                                               \
  DEF_REV(fixed##N##_sub, T, SUB)                                                                  \
  DEF_REV(fixed##N##_div, T, DIV)                                                                  \
  DEF_REV(fixed##N##_shl, T, SHL)                                                                  \
  DEF_REV(fixed##N##_shr, T, SHR)                                                                  \
  DEF_REV(fixed##N##u_div, UT, DIV)                                                                \
  DEF_REV(fixed##N##u_shr, UT, USHR)                                                               \
  DEF_MIX(fixed##N##_mul_float8, T, double, FMUL)                                                  \
  DEF_MIX(fixed##N##_div_float8, T, double, FDIV)                                                  \
  DEF_RD_WR_SWP(fixed##N, T)                                                                       \
  DEF_SWP(fixed##N, T)

DEF_FIXED(1, char, uchar)
DEF_FIXED(2, short, ushort)
DEF_FIXED(4, int32_t, uint32_t)
DEF_FIXED(8, int64_t, uint64_t)

// ---------------------------------------------------------------------------------------------
// Floating point.

#define DEF_FLOAT(N, T)                                                                            \
  DEF_UPD(float##N##_add, T, FADD)                                                                 \
  DEF_UPD(float##N##_sub, T, FSUB)                                                                 \
  DEF_UPD(float##N##_mul, T, FMUL)                                                                 \
  DEF_UPD(float##N##_div, T, FDIV)                                                                 \
  DEF_UPD(float##N##_max, T, MAX)                                                                  \
  DEF_UPD(float##N##_min, T, MIN)                                                                  \
  DEF_REV(float##N##_sub, T, FSUB)                                                                 \
  DEF_REV(float##N##_div, T, FDIV)                                                                 \
  DEF_RD_WR_SWP(float##N, T)                                                                       \
  DEF_SWP(float##N, T)

DEF_FLOAT(4, float)
DEF_FLOAT(8, double)
DEF_FLOAT(10, long double)

DEF_MIX(float4_add_float8, float, double, FADD)
DEF_MIX(float4_sub_float8, float, double, FSUB)
DEF_MIX(float4_mul_float8, float, double, FMUL)
DEF_MIX(float4_div_float8, float, double, FDIV)

// ---------------------------------------------------------------------------------------------
// Complex. The 4-byte-part forms return captured values through an out parameter (libomp's
// ABI for them); the others return them.

#define DEF_CMPLX_ARITH(N, T)                                                                      \
  DEF_UPD(cmplx##N##_add, T, FADD)                                                                 \
  DEF_UPD(cmplx##N##_sub, T, FSUB)                                                                 \
  DEF_UPD(cmplx##N##_mul, T, FMUL)                                                                 \
  DEF_UPD(cmplx##N##_div, T, FDIV)                                                                 \
  DEF_REV(cmplx##N##_sub, T, FSUB)                                                                 \
  DEF_REV(cmplx##N##_div, T, FDIV)                                                                 \
  DEF_RD_WR_SWP(cmplx##N, T)

DEF_CMPLX_ARITH(8, cmplx8_t)
DEF_CMPLX_ARITH(10, cmplx10_t)
DEF_SWP(cmplx8, cmplx8_t)
DEF_SWP(cmplx10, cmplx10_t)

#define DEF_UPD_OUT(NAME, T, OP, A, B)                                                             \
  GLASS_API void ENTRY(NAME)(ident_t * loc, int gtid, T *lhs, T rhs, T *out, int flag) {           \
    T o, nv;                                                                                       \
    UPDATE(T, lhs, o, nv, OP(T, A, B));                                                            \
    *out = flag ? nv : o;                                                                          \
  }

#define DEF_CMPLX4(OPNAME, OP)                                                                     \
  GLASS_API void ENTRY(cmplx4_##OPNAME)(ident_t * loc, int gtid, cmplx4_t *lhs, cmplx4_t rhs) {    \
    cmplx4_t o, nv;                                                                                \
    UPDATE(cmplx4_t, lhs, o, nv, OP(cmplx4_t, o, rhs));                                            \
  }                                                                                                \
  DEF_UPD_OUT(cmplx4_##OPNAME##_cpt, cmplx4_t, OP, o, rhs)                                         \
  DEF_MIX(cmplx4_##OPNAME##_cmplx8, cmplx4_t, cmplx8_t, OP)

DEF_CMPLX4(add, FADD)
DEF_CMPLX4(sub, FSUB)
DEF_CMPLX4(mul, FMUL)
DEF_CMPLX4(div, FDIV)

GLASS_API void ENTRY(cmplx4_sub_rev)(ident_t *loc, int gtid, cmplx4_t *lhs, cmplx4_t rhs) {
  cmplx4_t o, nv;
  UPDATE(cmplx4_t, lhs, o, nv, FSUB(cmplx4_t, rhs, o));
}
GLASS_API void ENTRY(cmplx4_div_rev)(ident_t *loc, int gtid, cmplx4_t *lhs, cmplx4_t rhs) {
  cmplx4_t o, nv;
  UPDATE(cmplx4_t, lhs, o, nv, FDIV(cmplx4_t, rhs, o));
}
DEF_UPD_OUT(cmplx4_sub_cpt_rev, cmplx4_t, FSUB, rhs, o)
DEF_UPD_OUT(cmplx4_div_cpt_rev, cmplx4_t, FDIV, rhs, o)
DEF_RD_WR_SWP(cmplx4, cmplx4_t)

GLASS_API void ENTRY(cmplx4_swp)(ident_t *loc, int gtid, cmplx4_t *lhs, cmplx4_t rhs,
                                 cmplx4_t *out) {
  *out = swap_cmplx4(lhs, rhs);
}

// ---------------------------------------------------------------------------------------------
// OpenMP 5.1 atomic compare on integers: e is the expected value, d the desired one.

#define DEF_CAS(N, T)                                                                              \
  static inline __attribute__((always_inline)) bool cas_##N(T *x, T *e, T d) {                     \
    if (lock_free(x, sizeof(T)))                                                                   \
      return bits_cas(x, e, &d, sizeof(T));                                                        \
    const void *cp_ = GLASS_CODEPTR();                                                             \
    glass_critical_t *s_ = stripe_enter(x, cp_);                                                   \
    T cur_;                                                                                        \
    memcpy(&cur_, x, sizeof(T));                                                                   \
    bool ok = cur_ == *e;                                                                          \
    if (ok)                                                                                        \
      memcpy(x, &d, sizeof(T));                                                                    \
    else                                                                                           \
      *e = cur_;                                                                                   \
    stripe_exit(s_, cp_);                                                                          \
    return ok;                                                                                     \
  }                                                                                                \
  /* { r = x == e; if (r) x = d; } returning r */                                                  \
  GLASS_API bool ENTRY(bool_##N##_cas)(ident_t * loc, int gtid, T *x, T e, T d) {                  \
    return cas_##N(x, &e, d);                                                                      \
  }                                                                                                \
  /* { v = x; if (x == e) x = d; } returning v */                                                  \
  GLASS_API T ENTRY(val_##N##_cas)(ident_t * loc, int gtid, T *x, T e, T d) {                      \
    cas_##N(x, &e, d);                                                                             \
    return e;                                                                                      \
  }                                                                                                \
  /* { r = x == e; if (r) x = d; else *pv = x; } returning r */                                    \
  GLASS_API bool ENTRY(bool_##N##_cas_cpt)(ident_t * loc, int gtid, T *x, T e, T d, T *pv) {       \
    bool ok = cas_##N(x, &e, d);                                                                   \
    if (!ok)                                                                                       \
      *pv = e;                                                                                     \
    return ok;                                                                                     \
  }                                                                                                \
  /* { v = x; if (x == e) x = d; *pv = x; } returning v */                                         \
  GLASS_API T ENTRY(val_##N##_cas_cpt)(ident_t * loc, int gtid, T *x, T e, T d, T *pv) {           \
    bool ok = cas_##N(x, &e, d);                                                                   \
    *pv = ok ? d : e;                                                                              \
    return e;                                                                                      \
  }

DEF_CAS(1, char)
DEF_CAS(2, short)
DEF_CAS(4, int32_t)
DEF_CAS(8, int64_t)

// ---------------------------------------------------------------------------------------------
// Generic updates of an N-byte object: f(result, old, rhs) computes the new value. Lock-free
// objects retry f until the compare-and-swap succeeds (f must have no side effects); the others
// run f once on the object itself under its lock. f must not start another atomic operation.

typedef void (*atomic_fn_t)(void *, void *, void *);

static inline __attribute__((always_inline)) void
generic_update(void *lhs, void *rhs, atomic_fn_t f, size_t n, const void *codeptr) {
  if (n <= 8 && lock_free(lhs, n)) {
    uint64_t o, nv;
    bits_load(lhs, &o, n);
    do
      f(&nv, &o, rhs);
    while (!bits_cas(lhs, &o, &nv, n));
    return;
  }
  glass_critical_t *s = stripe_enter(lhs, codeptr);
  f(lhs, lhs, rhs);
  stripe_exit(s, codeptr);
}

#define DEF_GENERIC(N)                                                                             \
  GLASS_API void ENTRY(N)(ident_t * loc, int gtid, void *lhs, void *rhs, atomic_fn_t f) {          \
    generic_update(lhs, rhs, f, N, GLASS_CODEPTR());                                               \
  }

DEF_GENERIC(1)
DEF_GENERIC(2)
DEF_GENERIC(4)
DEF_GENERIC(8)
DEF_GENERIC(10)
DEF_GENERIC(16)
DEF_GENERIC(20)
DEF_GENERIC(32)

GLASS_API void __kmpc_atomic_start(void) {
  glass_critical_enter(glass_self(), &statement_lock, 0, ompt_mutex_atomic, GLASS_CODEPTR());
}

GLASS_API void __kmpc_atomic_end(void) {
  glass_critical_exit(glass_self(), &statement_lock, ompt_mutex_atomic, GLASS_CODEPTR());
}
