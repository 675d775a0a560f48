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
