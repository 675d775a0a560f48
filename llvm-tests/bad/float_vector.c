// Vectors of floating-point values are not supported: UNKNOWN, exit 20.
typedef float v4 __attribute__((vector_size(16)));
extern float __VERIFIER_nondet_float(void);
extern void reach_error(void);
int main(void) { v4 a = {__VERIFIER_nondet_float(), 1, 2, 3};
  v4 b = a * a;
  if (b[0] == 5) reach_error();
  return 0;
}
