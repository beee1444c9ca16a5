/* SPDX-License-Identifier: LGPL-2.1 OR MIT */
/*
 * <stdint.h>: the exact-, least- and fast-width integer types, their
 * limits, the constant macros and the C23 widths. Limits are written so
 * that "#if" can use them and their type is the promoted type of the
 * integer type they describe, as C requires.
 */

/* A program's own #include of this name in a sysroot: nolibc.h includes
 * everything, this file too, in the order the headers need each other.
 */
#ifndef _NOLIBC_H
#include "nolibc.h"
#endif

#ifndef _NOLIBC_STDINT_H
#define _NOLIBC_STDINT_H

typedef __INT8_TYPE__ int8_t;
typedef __INT16_TYPE__ int16_t;
typedef __INT32_TYPE__ int32_t;
typedef __INT64_TYPE__ int64_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __UINT16_TYPE__ uint16_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __UINT64_TYPE__ uint64_t;
typedef __INTPTR_TYPE__ intptr_t;
typedef __UINTPTR_TYPE__ uintptr_t;
typedef __INTMAX_TYPE__ intmax_t;
typedef __UINTMAX_TYPE__ uintmax_t;
typedef __INT_LEAST8_TYPE__ int_least8_t;
typedef __INT_LEAST16_TYPE__ int_least16_t;
typedef __INT_LEAST32_TYPE__ int_least32_t;
typedef __INT_LEAST64_TYPE__ int_least64_t;
typedef __UINT_LEAST8_TYPE__ uint_least8_t;
typedef __UINT_LEAST16_TYPE__ uint_least16_t;
typedef __UINT_LEAST32_TYPE__ uint_least32_t;
typedef __UINT_LEAST64_TYPE__ uint_least64_t;

/*
 * The fast types are glibc's (and gcc's for Linux targets): a byte for 8
 * bits, a machine word for 16 and 32. clang's predefined fast types differ
 * (short for 16 bits on x86_64), which would make a program's structures
 * change with the compiler, so they are spelled out here.
 */
typedef signed char int_fast8_t;
typedef unsigned char uint_fast8_t;
#if __SIZEOF_LONG__ == 8
typedef long int_fast16_t;
typedef long int_fast32_t;
typedef long int_fast64_t;
typedef unsigned long uint_fast16_t;
typedef unsigned long uint_fast32_t;
typedef unsigned long uint_fast64_t;
#define __NOLIBC_FAST_MAX __LONG_MAX__
#define __NOLIBC_UFAST_MAX (__LONG_MAX__ * 2UL + 1UL)
#define __NOLIBC_FAST_WIDTH 64
#else
typedef int int_fast16_t;
typedef int int_fast32_t;
typedef long long int_fast64_t;
typedef unsigned int uint_fast16_t;
typedef unsigned int uint_fast32_t;
typedef unsigned long long uint_fast64_t;
#define __NOLIBC_FAST_MAX __INT_MAX__
#define __NOLIBC_UFAST_MAX (__INT_MAX__ * 2U + 1U)
#define __NOLIBC_FAST_WIDTH 32
#endif

#define INT8_MIN (-__INT8_MAX__ - 1)
#define INT16_MIN (-__INT16_MAX__ - 1)
#define INT32_MIN (-__INT32_MAX__ - 1)
#define INT64_MIN (-__INT64_MAX__ - 1)
#define INT8_MAX __INT8_MAX__
#define INT16_MAX __INT16_MAX__
#define INT32_MAX __INT32_MAX__
#define INT64_MAX __INT64_MAX__
#define UINT8_MAX __UINT8_MAX__
#define UINT16_MAX __UINT16_MAX__
#define UINT32_MAX __UINT32_MAX__
#define UINT64_MAX __UINT64_MAX__

#define INT_LEAST8_MIN (-__INT_LEAST8_MAX__ - 1)
#define INT_LEAST16_MIN (-__INT_LEAST16_MAX__ - 1)
#define INT_LEAST32_MIN (-__INT_LEAST32_MAX__ - 1)
#define INT_LEAST64_MIN (-__INT_LEAST64_MAX__ - 1)
#define INT_LEAST8_MAX __INT_LEAST8_MAX__
#define INT_LEAST16_MAX __INT_LEAST16_MAX__
#define INT_LEAST32_MAX __INT_LEAST32_MAX__
#define INT_LEAST64_MAX __INT_LEAST64_MAX__
#define UINT_LEAST8_MAX __UINT_LEAST8_MAX__
#define UINT_LEAST16_MAX __UINT_LEAST16_MAX__
#define UINT_LEAST32_MAX __UINT_LEAST32_MAX__
#define UINT_LEAST64_MAX __UINT_LEAST64_MAX__

#define INT_FAST8_MIN (-__SCHAR_MAX__ - 1)
#define INT_FAST16_MIN (-__NOLIBC_FAST_MAX - 1)
#define INT_FAST32_MIN (-__NOLIBC_FAST_MAX - 1)
#define INT_FAST64_MIN (-__INT64_MAX__ - 1)
#define INT_FAST8_MAX __SCHAR_MAX__
#define INT_FAST16_MAX __NOLIBC_FAST_MAX
#define INT_FAST32_MAX __NOLIBC_FAST_MAX
#define INT_FAST64_MAX __INT64_MAX__
#define UINT_FAST8_MAX (__SCHAR_MAX__ * 2 + 1)
#define UINT_FAST16_MAX __NOLIBC_UFAST_MAX
#define UINT_FAST32_MAX __NOLIBC_UFAST_MAX
#define UINT_FAST64_MAX __UINT64_MAX__

#define INTPTR_MIN (-__INTPTR_MAX__ - 1)
#define INTPTR_MAX __INTPTR_MAX__
#define UINTPTR_MAX __UINTPTR_MAX__
#define INTMAX_MIN (-__INTMAX_MAX__ - 1)
#define INTMAX_MAX __INTMAX_MAX__
#define UINTMAX_MAX __UINTMAX_MAX__
#define PTRDIFF_MIN (-__PTRDIFF_MAX__ - 1)
#define PTRDIFF_MAX __PTRDIFF_MAX__
#define SIZE_MAX __SIZE_MAX__
#define SIG_ATOMIC_MIN (-__SIG_ATOMIC_MAX__ - 1)
#define SIG_ATOMIC_MAX __SIG_ATOMIC_MAX__

/* clang 14 has no __WCHAR_MIN__ or __WINT_MIN__, only which are unsigned */
#define WCHAR_MAX __WCHAR_MAX__
#if defined(__WCHAR_MIN__)
#define WCHAR_MIN __WCHAR_MIN__
#elif defined(__WCHAR_UNSIGNED__)
#define WCHAR_MIN 0U
#else
#define WCHAR_MIN (-__WCHAR_MAX__ - 1)
#endif
#define WINT_MAX __WINT_MAX__
#if defined(__WINT_MIN__)
#define WINT_MIN __WINT_MIN__
#elif defined(__WINT_UNSIGNED__)
#define WINT_MIN 0U
#else
#define WINT_MIN (-__WINT_MAX__ - 1)
#endif

#define INT8_C(c) c
#define INT16_C(c) c
#define INT32_C(c) c
#define UINT8_C(c) c
#define UINT16_C(c) c
#define UINT32_C(c) c##U
#if __SIZEOF_LONG__ == 8
#define INT64_C(c) c##L
#define UINT64_C(c) c##UL
#define INTMAX_C(c) c##L
#define UINTMAX_C(c) c##UL
#else
#define INT64_C(c) c##LL
#define UINT64_C(c) c##ULL
#define INTMAX_C(c) c##LL
#define UINTMAX_C(c) c##ULL
#endif

/* C23 widths, which glibc also gives with _GNU_SOURCE */
#define INT8_WIDTH 8
#define UINT8_WIDTH 8
#define INT16_WIDTH 16
#define UINT16_WIDTH 16
#define INT32_WIDTH 32
#define UINT32_WIDTH 32
#define INT64_WIDTH 64
#define UINT64_WIDTH 64
#define INT_LEAST8_WIDTH 8
#define UINT_LEAST8_WIDTH 8
#define INT_LEAST16_WIDTH 16
#define UINT_LEAST16_WIDTH 16
#define INT_LEAST32_WIDTH 32
#define UINT_LEAST32_WIDTH 32
#define INT_LEAST64_WIDTH 64
#define UINT_LEAST64_WIDTH 64
#define INT_FAST8_WIDTH 8
#define UINT_FAST8_WIDTH 8
#define INT_FAST16_WIDTH __NOLIBC_FAST_WIDTH
#define UINT_FAST16_WIDTH __NOLIBC_FAST_WIDTH
#define INT_FAST32_WIDTH __NOLIBC_FAST_WIDTH
#define UINT_FAST32_WIDTH __NOLIBC_FAST_WIDTH
#define INT_FAST64_WIDTH 64
#define UINT_FAST64_WIDTH 64
#define INTPTR_WIDTH __INTPTR_WIDTH__
#define UINTPTR_WIDTH __INTPTR_WIDTH__
#define INTMAX_WIDTH __INTMAX_WIDTH__
#define UINTMAX_WIDTH __INTMAX_WIDTH__
#define PTRDIFF_WIDTH __PTRDIFF_WIDTH__
#define SIG_ATOMIC_WIDTH __SIG_ATOMIC_WIDTH__
#define SIZE_WIDTH __SIZE_WIDTH__
#define WCHAR_WIDTH __WCHAR_WIDTH__
#define WINT_WIDTH __WINT_WIDTH__

#endif /* _NOLIBC_STDINT_H */
