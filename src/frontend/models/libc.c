/* C-library models that ufo links into a program calling them (see
 * src/frontend/models.rs). Each is one possible run of the function it
 * models, written so that the inliner, given the call's constant element
 * size, keeps only accesses of that size (the memory model follows arrays
 * of one width, not bytes of several). Compiled by the program's clang at
 * the run's data model, without the C library's headers. */

typedef __SIZE_TYPE__ size_t;

/* an element size the model does not sort by itself: the call stays an
 * unknown function's, which the model does not follow */
void __ufo_qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
void *__ufo_bsearch(const void *key, const void *base, size_t n, size_t size,
                    int (*cmp)(const void *, const void *));

/* insertion sort: every comparison the program's comparator makes is one a
 * sort may make, and its result is sorted where the comparator is an order */
#define UFO_SORT(T)                                                           \
  {                                                                           \
    T *a = (T *)base;                                                         \
    for (size_t i = 1; i < n; i++)                                            \
      for (size_t j = i; j > 0 && cmp(&a[j - 1], &a[j]) > 0; j--) {           \
        T t = a[j - 1];                                                       \
        a[j - 1] = a[j];                                                      \
        a[j] = t;                                                             \
      }                                                                       \
    return;                                                                   \
  }

void qsort(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *)) {
  if (size == sizeof(int)) UFO_SORT(int)
  if (size == sizeof(long long)) UFO_SORT(long long)
  if (size == sizeof(short)) UFO_SORT(short)
  if (size == 1) UFO_SORT(char)
  __ufo_qsort(base, n, size, cmp);
}

/* binary search over [lo, hi), the midpoint rounded down (glibc's) */
#define UFO_SEARCH(T)                                                         \
  {                                                                           \
    const T *a = (const T *)base;                                             \
    size_t lo = 0, hi = n;                                                    \
    while (lo < hi) {                                                         \
      size_t mid = lo + (hi - lo) / 2;                                        \
      int c = cmp(key, &a[mid]);                                              \
      if (c < 0)                                                              \
        hi = mid;                                                             \
      else if (c > 0)                                                         \
        lo = mid + 1;                                                         \
      else                                                                    \
        return (void *)&a[mid];                                               \
    }                                                                         \
    return (void *)0;                                                         \
  }

void *bsearch(const void *key, const void *base, size_t n, size_t size,
              int (*cmp)(const void *, const void *)) {
  if (size == sizeof(int)) UFO_SEARCH(int)
  if (size == sizeof(long long)) UFO_SEARCH(long long)
  if (size == sizeof(short)) UFO_SEARCH(short)
  if (size == 1) UFO_SEARCH(char)
  return __ufo_bsearch(key, base, n, size, cmp);
}

/* string.h (issue 49): byte loops over `unsigned char`, exact but for the
 * comparisons' results, of which the standard fixes only the sign (glibc's
 * are the byte difference on some machines, -1/0/1 on others): any value
 * of that sign, `__ufo_any_int`'s (a choice the translation leaves free). */
int __ufo_any_int(void);
void __VERIFIER_assume(int);

static int ufo_sign(int d) {
  int r = __ufo_any_int();
  __VERIFIER_assume(d < 0 ? r < 0 : d > 0 ? r > 0 : r == 0);
  return r;
}

size_t strlen(const char *s) {
  size_t n = 0;
  while (s[n] != 0)
    n++;
  return n;
}

size_t strnlen(const char *s, size_t max) {
  size_t n = 0;
  while (n < max && s[n] != 0)
    n++;
  return n;
}

int strcmp(const char *a, const char *b) {
  const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
  size_t i = 0;
  while (p[i] != 0 && p[i] == q[i])
    i++;
  return ufo_sign((int)p[i] - (int)q[i]);
}

int strncmp(const char *a, const char *b, size_t n) {
  const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
  size_t i = 0;
  while (i < n && p[i] != 0 && p[i] == q[i])
    i++;
  return i == n ? 0 : ufo_sign((int)p[i] - (int)q[i]);
}

int memcmp(const void *a, const void *b, size_t n) {
  const unsigned char *p = (const unsigned char *)a, *q = (const unsigned char *)b;
  size_t i = 0;
  while (i < n && p[i] == q[i])
    i++;
  return i == n ? 0 : ufo_sign((int)p[i] - (int)q[i]);
}

void *memchr(const void *s, int c, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  for (size_t i = 0; i < n; i++)
    if (p[i] == (unsigned char)c)
      return (void *)(p + i);
  return (void *)0;
}

char *strchr(const char *s, int c) {
  size_t i = 0;
  while (s[i] != (char)c) {
    if (s[i] == 0)
      return (char *)0;
    i++;
  }
  return (char *)(s + i);
}

char *strrchr(const char *s, int c) {
  const char *last = (const char *)0;
  size_t i = 0;
  for (;;) {
    if (s[i] == (char)c)
      last = s + i;
    if (s[i] == 0)
      return (char *)last;
    i++;
  }
}

char *strcpy(char *d, const char *s) {
  size_t i = 0;
  while ((d[i] = s[i]) != 0)
    i++;
  return d;
}

char *strncpy(char *d, const char *s, size_t n) {
  size_t i = 0;
  for (; i < n && s[i] != 0; i++)
    d[i] = s[i];
  for (; i < n; i++)
    d[i] = 0;
  return d;
}

/* (what one model calls of another, static: linking keeps only the
 * models the program calls) */
static size_t ufo_strlen(const char *s) {
  size_t n = 0;
  while (s[n] != 0)
    n++;
  return n;
}

static int ufo_prefix(const char *h, const char *n, size_t m) {
  for (size_t i = 0; i < m; i++)
    if (h[i] != n[i])
      return 0;
  return 1;
}

char *strcat(char *d, const char *s) {
  size_t n = ufo_strlen(d), i = 0;
  while ((d[n + i] = s[i]) != 0)
    i++;
  return d;
}

char *strstr(const char *h, const char *n) {
  size_t m = ufo_strlen(n);
  for (size_t i = 0;; i++) {
    if (ufo_prefix(h + i, n, m))
      return (char *)(h + i);
    if (h[i] == 0)
      return (char *)0;
  }
}

/* ctype.h in the C locale. glibc's macros read a table through
 * `__ctype_b_loc()` (and `__ctype_toupper_loc()`, `__ctype_tolower_loc()`):
 * `frontend::models` rewrites each such read into a call of these, which
 * compute the entry (the same bits as glibc's little-endian table), so the
 * classes are arithmetic over the character, not a table in memory. An
 * index outside [-128, 255] reads past glibc's table: any value. */
#define UFO_UPPER 0x0100
#define UFO_LOWER 0x0200
#define UFO_ALPHA 0x0400
#define UFO_DIGIT 0x0800
#define UFO_XDIGIT 0x1000
#define UFO_SPACE 0x2000
#define UFO_PRINT 0x4000
#define UFO_GRAPH 0x8000
#define UFO_BLANK 0x0001
#define UFO_CNTRL 0x0002
#define UFO_PUNCT 0x0004
#define UFO_ALNUM 0x0008

/* (the classes' bits are disjoint: a sum of them is their union; the
 * functions the program may not call are static, so that linking keeps
 * them for the models that call them) */
static unsigned short ufo_ctype_b(long long c) {
  if (c < -128 || c > 255)
    return (unsigned short)__ufo_any_int();
  if (c < 0 || c > 127)
    return 0;
  if (c < 32 || c == 127)
    return UFO_CNTRL + ((c >= 9 && c <= 13) ? UFO_SPACE : 0) + (c == 9 ? UFO_BLANK : 0);
  if (c == ' ')
    return UFO_PRINT + UFO_SPACE + UFO_BLANK;
  if (c >= '0' && c <= '9')
    return UFO_GRAPH + UFO_PRINT + UFO_XDIGIT + UFO_DIGIT + UFO_ALNUM;
  if (c >= 'A' && c <= 'Z')
    return UFO_GRAPH + UFO_PRINT + (c <= 'F' ? UFO_XDIGIT : 0) + UFO_ALPHA + UFO_UPPER + UFO_ALNUM;
  if (c >= 'a' && c <= 'z')
    return UFO_GRAPH + UFO_PRINT + (c <= 'f' ? UFO_XDIGIT : 0) + UFO_ALPHA + UFO_LOWER + UFO_ALNUM;
  return UFO_GRAPH + UFO_PRINT + UFO_PUNCT;
}

/* glibc's toupper/tolower tables map a negative `signed char` c (but EOF)
 * to c + 256 */
static int ufo_toupper(long long c) {
  if (c < -128 || c > 255)
    return __ufo_any_int();
  if (c < -1)
    return (int)c + 256;
  return (c >= 'a' && c <= 'z') ? (int)c - 32 : (int)c;
}

static int ufo_tolower(long long c) {
  if (c < -128 || c > 255)
    return __ufo_any_int();
  if (c < -1)
    return (int)c + 256;
  return (c >= 'A' && c <= 'Z') ? (int)c + 32 : (int)c;
}

unsigned short __ufo_ctype_b(long long c) { return ufo_ctype_b(c); }
int __ufo_ctype_toupper(long long c) { return ufo_toupper(c); }
int __ufo_ctype_tolower(long long c) { return ufo_tolower(c); }

/* the functions (a call where the macros are not used: `(isdigit)(c)`,
 * -fno-builtin, or toupper without the headers' inline definition) */
#define UFO_IS(name, bits)                                                    \
  int name(int c) { return (ufo_ctype_b(c) & (bits)) != 0; }
UFO_IS(isalnum, UFO_ALNUM)
UFO_IS(isalpha, UFO_ALPHA)
UFO_IS(isblank, UFO_BLANK)
UFO_IS(iscntrl, UFO_CNTRL)
UFO_IS(isdigit, UFO_DIGIT)
UFO_IS(isgraph, UFO_GRAPH)
UFO_IS(islower, UFO_LOWER)
UFO_IS(isprint, UFO_PRINT)
UFO_IS(ispunct, UFO_PUNCT)
UFO_IS(isspace, UFO_SPACE)
UFO_IS(isupper, UFO_UPPER)
UFO_IS(isxdigit, UFO_XDIGIT)

int toupper(int c) { return ufo_toupper(c); }
int tolower(int c) { return ufo_tolower(c); }

/* stdio.h reads: byte loops over `fgetc`, which on `stdin` is an input
 * of the run (`frontend::inputs`: the replay feeds those bytes) and on
 * another stream any byte or EOF. A read error is not modelled apart from
 * the end of the input (a replay cannot make one). */
typedef struct _IO_FILE FILE;
int fgetc(FILE *f);
void *malloc(size_t n);
void *realloc(void *p, size_t n);

/* at most n - 1 bytes, up to and including a newline, then a NUL; NULL
 * (the buffer as it was) when the input ends before a byte */
char *fgets(char *s, int n, FILE *f) {
  if (n <= 0)
    return (char *)0;
  int i = 0;
  while (i < n - 1) {
    int c = fgetc(f);
    if (c < 0) {
      if (i == 0)
        return (char *)0;
      break;
    }
    s[i++] = (char)c;
    if (c == '\n')
      break;
  }
  s[i] = 0;
  return s;
}

/* the line with its delimiter and a NUL in a buffer grown by realloc; -1
 * at the end of the input (or when no memory is left) */
static long ufo_getdelim(char **line, size_t *cap, int delim, FILE *f) {
  if (!line || !cap)
    return -1;
  if (!*line || *cap == 0) {
    char *b = (char *)realloc(*line, 120);
    if (!b)
      return -1;
    *line = b;
    *cap = 120;
  }
  size_t i = 0;
  for (;;) {
    int c = fgetc(f);
    if (c < 0) {
      if (i == 0)
        return -1;
      break;
    }
    if (i + 1 >= *cap) {
      char *b = (char *)realloc(*line, 2 * *cap);
      if (!b)
        return -1;
      *line = b;
      *cap = 2 * *cap;
    }
    (*line)[i++] = (char)c;
    if (c == delim)
      break;
  }
  (*line)[i] = 0;
  return (long)i;
}

long getdelim(char **line, size_t *cap, int delim, FILE *f) {
  return ufo_getdelim(line, cap, delim, f);
}

long getline(char **line, size_t *cap, FILE *f) {
  return ufo_getdelim(line, cap, '\n', f);
}

/* stdlib.h numbers (glibc's): leading white space, a sign, an optional
 * "0x" for base 16 (or 0: then a leading 0 means 8), digits while they are
 * below the base; out of range, the type's extreme (errno is not modelled:
 * reading it is reading memory the model does not follow). `*end` is past
 * the last digit, or `s` when there is none; an invalid base returns 0 and
 * leaves `*end`. Linked under ufo's names:
 * `atoi(argv[i])` stays a number the replay passes (`frontend::inputs`),
 * any other call is redirected here after the argument model is built. */
/* white space in the C locale (what strtol and scanf skip) */
static int ufo_isspace(int c) { return c == ' ' || (c >= 9 && c <= 13); }

static int ufo_digit(int c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'Z')
    return c - 'A' + 10;
  return 99;
}

#define UFO_STRTO(name, T, MAX, MIN, UNSIGNED)                               \
  T name(const char *s, char **end, int base) {                               \
    if (base < 0 || base == 1 || base > 36)                                   \
      return 0;                                                               \
    const unsigned char *p = (const unsigned char *)s;                        \
    while (ufo_isspace(*p))                                                   \
      p++;                                                                    \
    int neg = 0;                                                              \
    if (*p == '-') {                                                          \
      neg = 1;                                                                \
      p++;                                                                    \
    } else if (*p == '+')                                                     \
      p++;                                                                    \
    if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && \
        ufo_digit(p[2]) < 16) {                                               \
      p += 2;                                                                 \
      base = 16;                                                              \
    } else if (base == 0)                                                     \
      base = p[0] == '0' ? 8 : 10;                                            \
    T v = 0;                                                                  \
    int any = 0, over = 0;                                                    \
    for (;; p++) {                                                            \
      int d = ufo_digit(*p);                                                  \
      if (d >= base)                                                          \
        break;                                                                \
      any = 1;                                                                \
      if (v > (MAX - d) / base)                                               \
        over = 1;                                                             \
      else if (!over)                                                         \
        v = v * base + d;                                                     \
    }                                                                         \
    if (end)                                                                  \
      *end = (char *)(any ? (const char *)p : s);                             \
    if (over)                                                                 \
      return UNSIGNED ? MAX : neg ? MIN : MAX;                                \
    return neg ? (T)(0 - v) : v;                                              \
  }
static UFO_STRTO(ufo_strtol, long, __LONG_MAX__, -__LONG_MAX__ - 1, 0)
static UFO_STRTO(ufo_strtoll, long long, __LONG_LONG_MAX__, -__LONG_LONG_MAX__ - 1, 0)
static UFO_STRTO(ufo_strtoul, unsigned long, 2UL * __LONG_MAX__ + 1, 0, 1)
static UFO_STRTO(ufo_strtoull, unsigned long long, 2ULL * __LONG_LONG_MAX__ + 1, 0, 1)

long __ufo_late_strtol(const char *s, char **end, int base) { return ufo_strtol(s, end, base); }
long long __ufo_late_strtoll(const char *s, char **end, int base) { return ufo_strtoll(s, end, base); }
unsigned long __ufo_late_strtoul(const char *s, char **end, int base) { return ufo_strtoul(s, end, base); }
unsigned long long __ufo_late_strtoull(const char *s, char **end, int base) { return ufo_strtoull(s, end, base); }
int __ufo_late_atoi(const char *s) { return (int)ufo_strtol(s, (char **)0, 10); }
long __ufo_late_atol(const char *s) { return ufo_strtol(s, (char **)0, 10); }
long long __ufo_late_atoll(const char *s) { return ufo_strtoll(s, (char **)0, 10); }

static int ufo_in(const char *set, char c) {
  for (size_t k = 0; set[k] != 0; k++)
    if (set[k] == c)
      return 1;
  return 0;
}

size_t strspn(const char *s, const char *accept) {
  size_t i = 0;
  while (s[i] != 0 && ufo_in(accept, s[i]))
    i++;
  return i;
}

size_t strcspn(const char *s, const char *reject) {
  size_t i = 0;
  while (s[i] != 0 && !ufo_in(reject, s[i]))
    i++;
  return i;
}

/* sscanf (issue 49): `frontend::sscanf` rewrites a call with a constant
 * format into these, one per directive, over a cursor `*p` and a state
 * st = {still matching, conversions assigned, input failure, conversions
 * done}: once a directive fails the rest do nothing; the result is the
 * conversions assigned, or EOF when the string ended before the first was
 * done. A conversion that fails returns `old` (what its target held). */
void __ufo_scan_space(const char **p, int *st) {
  if (!st[0])
    return;
  const unsigned char *s = (const unsigned char *)*p;
  while (ufo_isspace(*s))
    s++;
  *p = (const char *)s;
}

void __ufo_scan_literal(const char **p, int c, int *st) {
  if (!st[0])
    return;
  const unsigned char *s = (const unsigned char *)*p;
  if (*s == 0) {
    st[0] = 0;
    st[2] = 1;
  } else if (*s != (unsigned char)c)
    st[0] = 0;
  else
    *p = (const char *)(s + 1);
}

/* an integer conversion in `base` (0: by prefix), signed or not: the
 * digits strtoll/strtoull read; after a "0x" with no hexadecimal digit,
 * glibc's cursor may be past the 'x' or at it (either, here) */
long long __ufo_scan_int(const char **p, int base, int is_signed, int assigns, int *st, long long old) {
  if (!st[0])
    return old;
  const unsigned char *s = (const unsigned char *)*p;
  while (ufo_isspace(*s))
    s++;
  if (*s == 0) {
    st[0] = 0;
    st[2] = 1;
    return old;
  }
  char *end;
  long long v = is_signed ? ufo_strtoll((const char *)s, &end, base)
                          : (long long)ufo_strtoull((const char *)s, &end, base);
  if ((const unsigned char *)end == s) {
    st[0] = 0;
    return old;
  }
  const unsigned char *digits = s + (*s == '+' || *s == '-');
  if ((base == 0 || base == 16) && (const unsigned char *)end == digits + 1 && digits[0] == '0' &&
      (end[0] == 'x' || end[0] == 'X') && __ufo_any_int())
    end++;
  *p = end;
  st[1] += assigns;
  st[3] += 1;
  return assigns ? v : old;
}

int __ufo_scan_char(const char **p, int assigns, int *st, int old) {
  if (!st[0])
    return old;
  const unsigned char *s = (const unsigned char *)*p;
  if (*s == 0) {
    st[0] = 0;
    st[2] = 1;
    return old;
  }
  *p = (const char *)(s + 1);
  st[1] += assigns;
  st[3] += 1;
  return assigns ? *s : old;
}

int __ufo_scan_result(const int *st) { return st[2] && st[3] == 0 ? -1 : st[1]; }

/* sprintf and snprintf (issue 49): `frontend::sprintf` rewrites a call with
 * a constant format into these, one per piece, over the buffer and a state
 * st = {capacity, length}: a character is written while the length is below
 * capacity - 1 and always counted; the end writes the NUL (none when the
 * capacity is 0) and returns the length, as the C library does. */
void __ufo_fmt_char(char *buf, size_t *st, int c) {
  if (st[1] + 1 < st[0])
    buf[st[1]] = (char)c;
  st[1] += 1;
}

void __ufo_fmt_int(char *buf, size_t *st, long long v, int base, int is_signed, int upper) {
  unsigned long long u = (unsigned long long)v;
  if (is_signed && v < 0) {
    __ufo_fmt_char(buf, st, '-');
    u = 0 - u;
  }
  char digits[24];
  int k = 0;
  do {
    unsigned d = (unsigned)(u % (unsigned)base);
    digits[k++] = (char)(d < 10 ? '0' + d : (upper ? 'A' : 'a') + d - 10);
    u /= (unsigned)base;
  } while (u != 0);
  while (k > 0)
    __ufo_fmt_char(buf, st, digits[--k]);
}

void __ufo_fmt_str(char *buf, size_t *st, const char *s) {
  while (*s)
    __ufo_fmt_char(buf, st, *s++);
}

int __ufo_fmt_end(char *buf, size_t *st) {
  if (st[0] > 0)
    buf[st[1] < st[0] ? st[1] : st[0] - 1] = 0;
  return (int)st[1];
}

/* scanf("%s") on standard input (issue 49): `frontend::scanf_words`
 * rewrites a call whose format has only `%s` conversions into one call per
 * conversion, over sscanf's state (above). White space is skipped, then the
 * word is read up to white space, the end of the input or `width` bytes (0:
 * no width), then a NUL; the byte that ended the word is read here, where
 * the real scanf pushes it back (the next read is a fresh byte). */
extern FILE *stdin;

void __ufo_scan_word(char *buf, int width, int assigns, int *st) {
  if (!st[0])
    return;
  int c = fgetc(stdin);
  while (ufo_isspace(c))
    c = fgetc(stdin);
  if (c < 0) {
    st[0] = 0;
    st[2] = 1;
    return;
  }
  int k = 0;
  for (;;) {
    if (assigns)
      buf[k] = (char)c;
    k++;
    if (width > 0 && k == width)
      break;
    c = fgetc(stdin);
    if (c < 0 || ufo_isspace(c))
      break;
  }
  if (assigns)
    buf[k] = 0;
  st[1] += assigns;
  st[3] += 1;
}

/* atexit: the handlers run, the last registered first, where the program
   ends normally (a return of main, exit: models::run_atexit_handlers calls
   __ufo_run_atexit there). glibc takes at least 32. */
static void (*ufo_atexit_fns[32])(void);
static int ufo_atexit_n;

int atexit(void (*f)(void)) {
  if (ufo_atexit_n >= 32)
    return -1;
  ufo_atexit_fns[ufo_atexit_n++] = f;
  return 0;
}

void __ufo_run_atexit(void) {
  while (ufo_atexit_n > 0) {
    ufo_atexit_n--;
    ufo_atexit_fns[ufo_atexit_n]();
  }
}
