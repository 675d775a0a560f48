// An array of structs: one record's copy is changed afterwards.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "struct_array_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
struct rec { int key; int copy; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 200) return 0;
  struct rec r[200];
  for (int i = 0; i < n; i++) { int v = __VERIFIER_nondet_int(); r[i].key = v; r[i].copy = v; }
  r[n / 2].copy += 1;
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x >= n) return 0;
  __VERIFIER_assert(r[x].key == r[x].copy);
  return 0;
}
