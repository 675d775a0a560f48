// Helper for multi_main.c (not a test on its own).
// helper
int clamp(int x) { return x > 10 ? 10 : x; }
