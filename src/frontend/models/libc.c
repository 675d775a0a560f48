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
