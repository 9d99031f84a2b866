//===- CpuLibdevice.cpp - libdevice's functions for the CPU target --------===//
//
// One implementation per libdevice symbol, with libdevice's C signature
// (i32 arguments are `int` or `unsigned`, as libdevice documents them).
// Accuracy: the C library's where it has the function, else computed in
// double and refined (erfinv, normcdfinv, erfcx, ...); float versions round
// the double result. The directed-rounding variants (_rz, _rd, _ru) switch
// the rounding mode around one operation; this file is compiled with
// -frounding-math, and `opaque` pins each operation between the switches.
// The fast_ variants are the accurate functions (the CPU has no faster
// approximations worth the difference).
//
//===----------------------------------------------------------------------===//
#include "trident/Runtime/CpuLibdevice.h"

#include <algorithm>
#include <cfenv>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

using namespace trident::cpu;

namespace {

/// Keeps the compiler from moving a computation across a rounding-mode
/// switch: the value is produced (or consumed) by an opaque asm.
template <typename T> T opaque(T v) {
  if constexpr (std::is_floating_point_v<T>)
    asm volatile("" : "+x"(v));
  else
    asm volatile("" : "+r"(v));
  return v;
}

/// `f(args...)` under rounding mode `mode`.
template <int mode, typename F, typename... A> auto rounded(F f, A... args) {
  int old = std::fegetround();
  std::fesetround(mode);
  auto r = opaque(f(opaque(args)...));
  std::fesetround(old);
  return r;
}

template <typename To, typename From> To bits(From v) {
  static_assert(sizeof(To) == sizeof(From));
  To out;
  std::memcpy(&out, &v, sizeof(To));
  return out;
}

/// A float -> integer conversion as PTX's cvt does it: the value rounded
/// by `round`, saturated to the integer's range, NaN -> 0.
template <typename I, typename F, typename R> I convert(F x, R round) {
  if (std::isnan(x))
    return 0;
  F r = round(x);
  if (r <= F(std::numeric_limits<I>::min()))
    return std::numeric_limits<I>::min();
  // 2^bits (or 2^(bits-1)) is exact in F; anything at or above it saturates.
  if (r >= std::ldexp(F(1), std::numeric_limits<I>::digits))
    return std::numeric_limits<I>::max();
  return I(r);
}

double rn(double x) { return std::nearbyint(x); }
double rz(double x) { return std::trunc(x); }
double rd(double x) { return std::floor(x); }
double ru(double x) { return std::ceil(x); }

//===----------------------------------------------------------------------===//
// Special functions the C library lacks
//===----------------------------------------------------------------------===//

constexpr double kPi = 3.14159265358979323846;
constexpr double kSqrt2 = 1.41421356237309504880;
constexpr double kSqrtPi = 1.77245385090551602730;

double normcdf(double x) { return 0.5 * std::erfc(-x / kSqrt2); }

/// The quantile of the standard normal distribution: a rational first guess
/// (P. J. Acklam's coefficients, relative error 1.2e-9) and one Halley
/// step on erfc, which gives full double precision.
double normcdfinv(double p) {
  if (std::isnan(p) || p < 0 || p > 1)
    return std::numeric_limits<double>::quiet_NaN();
  if (p == 0)
    return -std::numeric_limits<double>::infinity();
  if (p == 1)
    return std::numeric_limits<double>::infinity();
  static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                             -2.759285104469687e+02, 1.383577518672690e+02,
                             -3.066479806614716e+01, 2.506628277459239e+00};
  static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                             -1.556989798598866e+02, 6.680131188771972e+01,
                             -1.328068155288572e+01};
  static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                             -2.400758277161838e+00, -2.549732539343734e+00,
                             4.374664141464968e+00,  2.938163982698783e+00};
  static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                             2.445134137142996e+00, 3.754408661907416e+00};
  double x;
  if (p < 0.02425 || p > 1 - 0.02425) {
    double q = std::sqrt(-2 * std::log(p < 0.5 ? p : 1 - p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    if (p > 0.5)
      x = -x;
  } else {
    double q = p - 0.5, r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) *
        q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  }
  // Halley: e = Phi(x) - p, measured on the tail nearer to p
  // (Phi(x) - p = (1 - p) - Q(x) on the upper one).
  double e = p < 0.5 ? 0.5 * std::erfc(-x / kSqrt2) - p
                     : (1 - p) - 0.5 * std::erfc(x / kSqrt2);
  double u = e * std::sqrt(2 * kPi) * std::exp(x * x / 2);
  return x - u / (1 + x * u / 2);
}

double erfcinv(double y) {
  if (std::isnan(y) || y < 0 || y > 2)
    return std::numeric_limits<double>::quiet_NaN();
  // erfcinv(y) = -erfcinv(2 - y): keep the argument of the quantile below
  // 1/2, where it is exact.
  if (y > 1)
    return -erfcinv(2 - y);
  return -normcdfinv(y / 2) / kSqrt2;
}

double erfinv(double y) {
  if (std::isnan(y) || y < -1 || y > 1)
    return std::numeric_limits<double>::quiet_NaN();
  if (y == 0)
    return y; // keeps the sign of zero
  // Near +-1, through erfc (1 - |y| is exact there); else Newton on erf
  // from the normal quantile's guess.
  if (std::fabs(y) >= 0.5)
    return std::copysign(erfcinv(1 - std::fabs(y)), y);
  double x = -normcdfinv((1 - y) / 2) / kSqrt2;
  for (int i = 0; i < 2; ++i)
    x -= (std::erf(x) - y) / (2 / kSqrtPi * std::exp(-x * x));
  return x;
}

/// exp(x^2) erfc(x), without the overflow of the product for large x.
double erfcx(double x) {
  if (x < 10)
    return std::exp(x * x) * std::erfc(x);
  // The asymptotic series 1/(x sqrt(pi)) * sum (-1)^k (2k-1)!! / (2x^2)^k.
  double inv = 1 / (2 * x * x), term = 1, sum = 1;
  for (int k = 1; k < 8; ++k) {
    term *= -(2 * k - 1) * inv;
    sum += term;
  }
  return sum / (x * kSqrtPi);
}

double sinpi(double x) {
  if (!std::isfinite(x))
    return std::numeric_limits<double>::quiet_NaN();
  double r = std::remainder(x, 2.0); // exact, in [-1, 1]
  if (r > 0.5)
    r = 1 - r;
  else if (r < -0.5)
    r = -1 - r;
  if (r == 0)
    return std::copysign(0.0, x);
  return std::sin(kPi * r);
}

double cospi(double x) {
  if (!std::isfinite(x))
    return std::numeric_limits<double>::quiet_NaN();
  double a = std::fabs(std::remainder(x, 2.0)); // in [0, 1]
  double r = 0.5 - a;                           // exact
  if (r == 0)
    return 0.0;
  return std::sin(kPi * r);
}

/// Modified Bessel functions of the first kind, orders 0 and 1 (the C++
/// library's, which take x >= 0; I0 is even, I1 odd).
double besselI0(double x) { return std::cyl_bessel_i(0.0, std::fabs(x)); }
double besselI1(double x) {
  return std::copysign(std::cyl_bessel_i(1.0, std::fabs(x)), x);
}

double lgammaThreadSafe(double x) {
  int sign;
  return lgamma_r(x, &sign);
}

/// 1/x with the low 32 bits cleared: the high word of the reciprocal, as
/// rcp.approx.ftz.f64 gives it (exact here where PTX's is approximate).
double rcp64h(double x) {
  uint64_t b = bits<uint64_t>(1 / x);
  return bits<double>(b & 0xFFFFFFFF00000000ull);
}

int32_t mul24(int32_t a, int32_t b) {
  auto low24 = [](int32_t v) { return int32_t(uint32_t(v) << 8) >> 8; };
  return int32_t(int64_t(low24(a)) * int64_t(low24(b)));
}
uint32_t umul24(uint32_t a, uint32_t b) {
  return (a & 0xFFFFFF) * (b & 0xFFFFFF);
}

int32_t bytePerm(uint32_t x, uint32_t y, uint32_t s) {
  uint64_t both = (uint64_t(y) << 32) | x;
  uint32_t out = 0;
  for (int i = 0; i < 4; ++i) {
    unsigned sel = (s >> (4 * i)) & 7;
    out |= uint32_t((both >> (8 * sel)) & 0xFF) << (8 * i);
  }
  return int32_t(out);
}

template <typename U> U bitReverse(U v) {
  U out = 0;
  for (unsigned i = 0; i < sizeof(U) * 8; ++i)
    out |= U((v >> i) & 1) << (sizeof(U) * 8 - 1 - i);
  return out;
}

int32_t clz32(uint32_t v) { return v ? __builtin_clz(v) : 32; }
int32_t clz64(uint64_t v) { return v ? __builtin_clzll(v) : 64; }

template <typename F> F powi(F x, int32_t n) {
  return std::pow(x, F(n));
}

template <typename F> F norm3(F a, F b, F c) {
  return F(std::hypot(std::hypot(double(a), double(b)), double(c)));
}
template <typename F> F norm4(F a, F b, F c, F d) {
  return F(std::hypot(std::hypot(double(a), double(b)),
                      std::hypot(double(c), double(d))));
}

// The operations of the directed-rounding variants.
struct Add {
  template <typename T> T operator()(T a, T b) const { return a + b; }
};
struct Sub {
  template <typename T> T operator()(T a, T b) const { return a - b; }
};
struct Mul {
  template <typename T> T operator()(T a, T b) const { return a * b; }
};
struct Div {
  template <typename T> T operator()(T a, T b) const { return a / b; }
};
struct Rcp {
  template <typename T> T operator()(T a) const { return T(1) / a; }
};
struct Sqrt {
  template <typename T> T operator()(T a) const { return std::sqrt(a); }
};
struct Fma {
  template <typename T> T operator()(T a, T b, T c) const {
    return std::fma(a, b, c);
  }
};

/// `fn` of float, computed in double and rounded once.
template <double (*fn)(double)> float viaDouble(float x) {
  return float(fn(double(x)));
}

template <typename F> LibdeviceFunction entry(const char *name, F fn) {
  return {name, reinterpret_cast<void *>(fn)};
}

using f32 = float;
using f64 = double;
using i32 = int32_t;
using u32 = uint32_t;
using i64 = int64_t;
using u64 = uint64_t;

/// Appends one entry: `add(name, fn)`.
struct TableAdder {
  std::vector<LibdeviceFunction> &table;
  template <typename F> void operator()(const char *name, F fn) {
    table.push_back(entry(name, fn));
  }
};

void addIntegers(TableAdder add) {
  // --- Integers -------------------------------------------------------------
  add("__nv_abs", +[](i32 x) { return x == INT32_MIN ? x : std::abs(x); });
  add("__nv_llabs", +[](i64 x) { return x == INT64_MIN ? x : std::llabs(x); });
  add("__nv_min", +[](i32 a, i32 b) { return std::min(a, b); });
  add("__nv_umin", +[](u32 a, u32 b) { return std::min(a, b); });
  add("__nv_llmin", +[](i64 a, i64 b) { return std::min(a, b); });
  add("__nv_ullmin", +[](u64 a, u64 b) { return std::min(a, b); });
  add("__nv_max", +[](i32 a, i32 b) { return std::max(a, b); });
  add("__nv_umax", +[](u32 a, u32 b) { return std::max(a, b); });
  add("__nv_llmax", +[](i64 a, i64 b) { return std::max(a, b); });
  add("__nv_ullmax", +[](u64 a, u64 b) { return std::max(a, b); });
  add("__nv_mulhi", +[](i32 a, i32 b) { return i32((i64(a) * b) >> 32); });
  add("__nv_umulhi", +[](u32 a, u32 b) { return u32((u64(a) * b) >> 32); });
  add("__nv_mul64hi", +[](i64 a, i64 b) {
    return i64((__int128(a) * __int128(b)) >> 64);
  });
  add("__nv_umul64hi", +[](u64 a, u64 b) {
    return u64((unsigned __int128)a * b >> 64);
  });
  add("__nv_mul24", &mul24);
  add("__nv_umul24", &umul24);
  add("__nv_hadd", +[](i32 a, i32 b) { return i32((i64(a) + b) >> 1); });
  add("__nv_uhadd", +[](u32 a, u32 b) { return u32((u64(a) + b) >> 1); });
  add("__nv_rhadd", +[](i32 a, i32 b) { return i32((i64(a) + b + 1) >> 1); });
  add("__nv_urhadd", +[](u32 a, u32 b) { return u32((u64(a) + b + 1) >> 1); });
  add("__nv_sad", +[](i32 a, i32 b, u32 c) {
    return u32(a > b ? i64(a) - b : i64(b) - a) + c;
  });
  add("__nv_usad", +[](u32 a, u32 b, u32 c) {
    return (a > b ? a - b : b - a) + c;
  });
  add("__nv_popc", +[](u32 x) { return i32(__builtin_popcount(x)); });
  add("__nv_popcll", +[](u64 x) { return i32(__builtin_popcountll(x)); });
  add("__nv_clz", &clz32);
  add("__nv_clzll", &clz64);
  add("__nv_ffs", +[](i32 x) { return i32(__builtin_ffs(x)); });
  add("__nv_ffsll", +[](i64 x) { return i32(__builtin_ffsll(x)); });
  add("__nv_brev", &bitReverse<u32>);
  add("__nv_brevll", &bitReverse<u64>);
  add("__nv_byte_perm", &bytePerm);
}

void addBits(TableAdder add) {
  // --- Classification and bits ---------------------------------------------
  add("__nv_isnanf", +[](f32 x) { return i32(std::isnan(x)); });
  add("__nv_isnand", +[](f64 x) { return i32(std::isnan(x)); });
  add("__nv_isinff", +[](f32 x) { return i32(std::isinf(x)); });
  add("__nv_isinfd", +[](f64 x) { return i32(std::isinf(x)); });
  add("__nv_finitef", +[](f32 x) { return i32(std::isfinite(x)); });
  add("__nv_isfinited", +[](f64 x) { return i32(std::isfinite(x)); });
  add("__nv_signbitf", +[](f32 x) { return i32(std::signbit(x)); });
  add("__nv_signbitd", +[](f64 x) { return i32(std::signbit(x)); });
  add("__nv_float_as_int", +[](f32 x) { return bits<i32>(x); });
  add("__nv_float_as_uint", +[](f32 x) { return bits<u32>(x); });
  add("__nv_int_as_float", +[](i32 x) { return bits<f32>(x); });
  add("__nv_uint_as_float", +[](u32 x) { return bits<f32>(x); });
  add("__nv_double_as_longlong", +[](f64 x) { return bits<i64>(x); });
  add("__nv_longlong_as_double", +[](i64 x) { return bits<f64>(x); });
  add("__nv_double2hiint", +[](f64 x) { return i32(bits<u64>(x) >> 32); });
  add("__nv_double2loint", +[](f64 x) { return i32(bits<u64>(x)); });
  add("__nv_hiloint2double", +[](i32 hi, i32 lo) {
    return bits<f64>((u64(u32(hi)) << 32) | u32(lo));
  });
}

void addRounding(TableAdder add) {
  // --- Rounding and simple float functions ---------------------------------
  add("__nv_floorf", +[](f32 x) { return std::floor(x); });
  add("__nv_floor", +[](f64 x) { return std::floor(x); });
  add("__nv_ceilf", +[](f32 x) { return std::ceil(x); });
  add("__nv_ceil", +[](f64 x) { return std::ceil(x); });
  add("__nv_truncf", +[](f32 x) { return std::trunc(x); });
  add("__nv_trunc", +[](f64 x) { return std::trunc(x); });
  add("__nv_rintf", +[](f32 x) { return std::rint(x); });
  add("__nv_rint", +[](f64 x) { return std::rint(x); });
  add("__nv_nearbyintf", +[](f32 x) { return std::nearbyint(x); });
  add("__nv_nearbyint", +[](f64 x) { return std::nearbyint(x); });
  add("__nv_roundf", +[](f32 x) { return std::round(x); });
  add("__nv_round", +[](f64 x) { return std::round(x); });
  add("__nv_llrintf", +[](f32 x) { return convert<i64>(double(x), rn); });
  add("__nv_llrint", +[](f64 x) { return convert<i64>(x, rn); });
  add("__nv_llroundf", +[](f32 x) {
    return convert<i64>(double(x), [](double v) { return std::round(v); });
  });
  add("__nv_llround", +[](f64 x) {
    return convert<i64>(x, [](double v) { return std::round(v); });
  });
  add("__nv_fabsf", +[](f32 x) { return std::fabs(x); });
  add("__nv_fabs", +[](f64 x) { return std::fabs(x); });
  add("__nv_copysignf", +[](f32 a, f32 b) { return std::copysign(a, b); });
  add("__nv_copysign", +[](f64 a, f64 b) { return std::copysign(a, b); });
  add("__nv_fminf", +[](f32 a, f32 b) { return std::fmin(a, b); });
  add("__nv_fmin", +[](f64 a, f64 b) { return std::fmin(a, b); });
  add("__nv_fmaxf", +[](f32 a, f32 b) { return std::fmax(a, b); });
  add("__nv_fmax", +[](f64 a, f64 b) { return std::fmax(a, b); });
  add("__nv_fdimf", +[](f32 a, f32 b) { return std::fdim(a, b); });
  add("__nv_fdim", +[](f64 a, f64 b) { return std::fdim(a, b); });
  add("__nv_fmodf", +[](f32 a, f32 b) { return std::fmod(a, b); });
  add("__nv_fmod", +[](f64 a, f64 b) { return std::fmod(a, b); });
  add("__nv_remainderf", +[](f32 a, f32 b) { return std::remainder(a, b); });
  add("__nv_remainder", +[](f64 a, f64 b) { return std::remainder(a, b); });
  add("__nv_nextafterf", +[](f32 a, f32 b) { return std::nextafter(a, b); });
  add("__nv_nextafter", +[](f64 a, f64 b) { return std::nextafter(a, b); });
  add("__nv_ldexpf", +[](f32 x, i32 n) { return std::ldexp(x, n); });
  add("__nv_ldexp", +[](f64 x, i32 n) { return std::ldexp(x, n); });
  add("__nv_scalbnf", +[](f32 x, i32 n) { return std::scalbn(x, n); });
  add("__nv_scalbn", +[](f64 x, i32 n) { return std::scalbn(x, n); });
  add("__nv_ilogbf", +[](f32 x) { return i32(std::ilogb(x)); });
  add("__nv_ilogb", +[](f64 x) { return i32(std::ilogb(x)); });
  add("__nv_logbf", +[](f32 x) { return std::logb(x); });
  add("__nv_logb", +[](f64 x) { return std::logb(x); });
  add("__nv_saturatef", +[](f32 x) {
    return std::isnan(x) ? 0.0f : std::clamp(x, 0.0f, 1.0f);
  });
  add("__nv_fmaf", +[](f32 a, f32 b, f32 c) { return std::fma(a, b, c); });
  add("__nv_fma", +[](f64 a, f64 b, f64 c) { return std::fma(a, b, c); });
}

void addPowers(TableAdder add) {
  // --- Powers, roots, exponentials, logarithms ------------------------------
  add("__nv_sqrtf", +[](f32 x) { return std::sqrt(x); });
  add("__nv_sqrt", +[](f64 x) { return std::sqrt(x); });
  add("__nv_rsqrtf", +[](f32 x) { return float(1 / std::sqrt(double(x))); });
  add("__nv_rsqrt", +[](f64 x) { return 1 / std::sqrt(x); });
  add("__nv_frsqrt_rn", +[](f32 x) { return float(1 / std::sqrt(double(x))); });
  add("__nv_cbrtf", +[](f32 x) { return std::cbrt(x); });
  add("__nv_cbrt", +[](f64 x) { return std::cbrt(x); });
  add("__nv_rcbrtf", +[](f32 x) { return float(1 / std::cbrt(double(x))); });
  add("__nv_rcbrt", +[](f64 x) { return 1 / std::cbrt(x); });
  add("__nv_powf", +[](f32 a, f32 b) { return std::pow(a, b); });
  add("__nv_pow", +[](f64 a, f64 b) { return std::pow(a, b); });
  add("__nv_fast_powf", +[](f32 a, f32 b) { return std::pow(a, b); });
  add("__nv_powif", &powi<f32>);
  add("__nv_powi", &powi<f64>);
  add("__nv_hypotf", +[](f32 a, f32 b) { return std::hypot(a, b); });
  add("__nv_hypot", +[](f64 a, f64 b) { return std::hypot(a, b); });
  add("__nv_rhypotf", +[](f32 a, f32 b) {
    return float(1 / std::hypot(double(a), double(b)));
  });
  add("__nv_rhypot", +[](f64 a, f64 b) { return 1 / std::hypot(a, b); });
  add("__nv_norm3df", &norm3<f32>);
  add("__nv_norm3d", &norm3<f64>);
  add("__nv_rnorm3df", +[](f32 a, f32 b, f32 c) {
    return float(1 / norm3<f64>(a, b, c));
  });
  add("__nv_rnorm3d", +[](f64 a, f64 b, f64 c) { return 1 / norm3(a, b, c); });
  add("__nv_norm4df", &norm4<f32>);
  add("__nv_norm4d", &norm4<f64>);
  add("__nv_rnorm4df", +[](f32 a, f32 b, f32 c, f32 d) {
    return float(1 / norm4<f64>(a, b, c, d));
  });
  add("__nv_rnorm4d", +[](f64 a, f64 b, f64 c, f64 d) {
    return 1 / norm4(a, b, c, d);
  });
  add("__nv_expf", +[](f32 x) { return std::exp(x); });
  add("__nv_exp", +[](f64 x) { return std::exp(x); });
  add("__nv_fast_expf", +[](f32 x) { return std::exp(x); });
  add("__nv_exp2f", +[](f32 x) { return std::exp2(x); });
  add("__nv_exp2", +[](f64 x) { return std::exp2(x); });
  add("__nv_exp10f", +[](f32 x) { return float(std::pow(10.0, double(x))); });
  add("__nv_exp10", +[](f64 x) { return std::pow(10.0, x); });
  add("__nv_fast_exp10f",
      +[](f32 x) { return float(std::pow(10.0, double(x))); });
  add("__nv_expm1f", +[](f32 x) { return std::expm1(x); });
  add("__nv_expm1", +[](f64 x) { return std::expm1(x); });
  add("__nv_logf", +[](f32 x) { return std::log(x); });
  add("__nv_log", +[](f64 x) { return std::log(x); });
  add("__nv_fast_logf", +[](f32 x) { return std::log(x); });
  add("__nv_log2f", +[](f32 x) { return std::log2(x); });
  add("__nv_log2", +[](f64 x) { return std::log2(x); });
  add("__nv_fast_log2f", +[](f32 x) { return std::log2(x); });
  add("__nv_log10f", +[](f32 x) { return std::log10(x); });
  add("__nv_log10", +[](f64 x) { return std::log10(x); });
  add("__nv_fast_log10f", +[](f32 x) { return std::log10(x); });
  add("__nv_log1pf", +[](f32 x) { return std::log1p(x); });
  add("__nv_log1p", +[](f64 x) { return std::log1p(x); });
}

void addTrigonometric(TableAdder add) {
  // --- Trigonometric and hyperbolic -----------------------------------------
  add("__nv_sinf", +[](f32 x) { return std::sin(x); });
  add("__nv_sin", +[](f64 x) { return std::sin(x); });
  add("__nv_fast_sinf", +[](f32 x) { return std::sin(x); });
  add("__nv_cosf", +[](f32 x) { return std::cos(x); });
  add("__nv_cos", +[](f64 x) { return std::cos(x); });
  add("__nv_fast_cosf", +[](f32 x) { return std::cos(x); });
  add("__nv_tanf", +[](f32 x) { return std::tan(x); });
  add("__nv_tan", +[](f64 x) { return std::tan(x); });
  add("__nv_fast_tanf", +[](f32 x) { return std::tan(x); });
  add("__nv_sinpif", &viaDouble<sinpi>);
  add("__nv_sinpi", &sinpi);
  add("__nv_cospif", &viaDouble<cospi>);
  add("__nv_cospi", &cospi);
  add("__nv_asinf", +[](f32 x) { return std::asin(x); });
  add("__nv_asin", +[](f64 x) { return std::asin(x); });
  add("__nv_acosf", +[](f32 x) { return std::acos(x); });
  add("__nv_acos", +[](f64 x) { return std::acos(x); });
  add("__nv_atanf", +[](f32 x) { return std::atan(x); });
  add("__nv_atan", +[](f64 x) { return std::atan(x); });
  add("__nv_atan2f", +[](f32 a, f32 b) { return std::atan2(a, b); });
  add("__nv_atan2", +[](f64 a, f64 b) { return std::atan2(a, b); });
  add("__nv_sinhf", +[](f32 x) { return std::sinh(x); });
  add("__nv_sinh", +[](f64 x) { return std::sinh(x); });
  add("__nv_coshf", +[](f32 x) { return std::cosh(x); });
  add("__nv_cosh", +[](f64 x) { return std::cosh(x); });
  add("__nv_tanhf", +[](f32 x) { return std::tanh(x); });
  add("__nv_tanh", +[](f64 x) { return std::tanh(x); });
  add("__nv_asinhf", +[](f32 x) { return std::asinh(x); });
  add("__nv_asinh", +[](f64 x) { return std::asinh(x); });
  add("__nv_acoshf", +[](f32 x) { return std::acosh(x); });
  add("__nv_acosh", +[](f64 x) { return std::acosh(x); });
  add("__nv_atanhf", +[](f32 x) { return std::atanh(x); });
  add("__nv_atanh", +[](f64 x) { return std::atanh(x); });
}

void addSpecial(TableAdder add) {
  // --- Error function, gamma, Bessel ----------------------------------------
  add("__nv_erff", +[](f32 x) { return std::erf(x); });
  add("__nv_erf", +[](f64 x) { return std::erf(x); });
  add("__nv_erfcf", +[](f32 x) { return std::erfc(x); });
  add("__nv_erfc", +[](f64 x) { return std::erfc(x); });
  add("__nv_erfinvf", &viaDouble<erfinv>);
  add("__nv_erfinv", &erfinv);
  add("__nv_erfcinvf", &viaDouble<erfcinv>);
  add("__nv_erfcinv", &erfcinv);
  add("__nv_erfcxf", &viaDouble<erfcx>);
  add("__nv_erfcx", &erfcx);
  add("__nv_normcdff", &viaDouble<normcdf>);
  add("__nv_normcdf", &normcdf);
  add("__nv_normcdfinvf", &viaDouble<normcdfinv>);
  add("__nv_normcdfinv", &normcdfinv);
  add("__nv_lgammaf", &viaDouble<lgammaThreadSafe>);
  add("__nv_lgamma", &lgammaThreadSafe);
  add("__nv_tgammaf", +[](f32 x) { return std::tgamma(x); });
  add("__nv_tgamma", +[](f64 x) { return std::tgamma(x); });
  add("__nv_j0f", +[](f32 x) { return float(::j0(x)); });
  add("__nv_j0", +[](f64 x) { return ::j0(x); });
  add("__nv_j1f", +[](f32 x) { return float(::j1(x)); });
  add("__nv_j1", +[](f64 x) { return ::j1(x); });
  add("__nv_y0f", +[](f32 x) { return float(::y0(x)); });
  add("__nv_y0", +[](f64 x) { return ::y0(x); });
  add("__nv_y1f", +[](f32 x) { return float(::y1(x)); });
  add("__nv_y1", +[](f64 x) { return ::y1(x); });
  add("__nv_jnf", +[](i32 n, f32 x) { return float(::jn(n, x)); });
  add("__nv_jn", +[](i32 n, f64 x) { return ::jn(n, x); });
  add("__nv_ynf", +[](i32 n, f32 x) { return float(::yn(n, x)); });
  add("__nv_yn", +[](i32 n, f64 x) { return ::yn(n, x); });
  add("__nv_cyl_bessel_i0f", &viaDouble<besselI0>);
  add("__nv_cyl_bessel_i0", &besselI0);
  add("__nv_cyl_bessel_i1f", &viaDouble<besselI1>);
  add("__nv_cyl_bessel_i1", &besselI1);
}

void addDivisionsAndRounding(TableAdder add) {
  // --- Reciprocals and divisions --------------------------------------------
  add("__nv_fast_fdividef", +[](f32 a, f32 b) { return a / b; });
  add("__nv_rcp64h", &rcp64h);

  // --- Directed rounding: one operation under a rounding mode ---------------
#define TRIDENT_ROUNDED(SUFFIX, MODE)                                          \
  add("__nv_fadd_" #SUFFIX, +[](f32 a, f32 b) { return rounded<MODE>(Add{}, a, b); }); \
  add("__nv_dadd_" #SUFFIX, +[](f64 a, f64 b) { return rounded<MODE>(Add{}, a, b); }); \
  add("__nv_fsub_" #SUFFIX, +[](f32 a, f32 b) { return rounded<MODE>(Sub{}, a, b); }); \
  add("__nv_dsub_" #SUFFIX, +[](f64 a, f64 b) { return rounded<MODE>(Sub{}, a, b); }); \
  add("__nv_fmul_" #SUFFIX, +[](f32 a, f32 b) { return rounded<MODE>(Mul{}, a, b); }); \
  add("__nv_dmul_" #SUFFIX, +[](f64 a, f64 b) { return rounded<MODE>(Mul{}, a, b); }); \
  add("__nv_fdiv_" #SUFFIX, +[](f32 a, f32 b) { return rounded<MODE>(Div{}, a, b); }); \
  add("__nv_ddiv_" #SUFFIX, +[](f64 a, f64 b) { return rounded<MODE>(Div{}, a, b); }); \
  add("__nv_frcp_" #SUFFIX, +[](f32 a) { return rounded<MODE>(Rcp{}, a); });         \
  add("__nv_drcp_" #SUFFIX, +[](f64 a) { return rounded<MODE>(Rcp{}, a); });         \
  add("__nv_fsqrt_" #SUFFIX, +[](f32 a) { return rounded<MODE>(Sqrt{}, a); });       \
  add("__nv_dsqrt_" #SUFFIX, +[](f64 a) { return rounded<MODE>(Sqrt{}, a); });       \
  add("__nv_fmaf_" #SUFFIX,                                                    \
      +[](f32 a, f32 b, f32 c) { return rounded<MODE>(Fma{}, a, b, c); });      \
  add("__nv_fmaf_ieee_" #SUFFIX,                                               \
      +[](f32 a, f32 b, f32 c) { return rounded<MODE>(Fma{}, a, b, c); });      \
  add("__nv_fma_" #SUFFIX,                                                     \
      +[](f64 a, f64 b, f64 c) { return rounded<MODE>(Fma{}, a, b, c); });      \
  add("__nv_double2float_" #SUFFIX,                                            \
      +[](f64 a) { return rounded<MODE>([](f64 v) { return f32(v); }, a); });  \
  add("__nv_int2float_" #SUFFIX,                                               \
      +[](i32 a) { return rounded<MODE>([](i32 v) { return f32(v); }, a); });  \
  add("__nv_uint2float_" #SUFFIX,                                              \
      +[](u32 a) { return rounded<MODE>([](u32 v) { return f32(v); }, a); });  \
  add("__nv_ll2float_" #SUFFIX,                                                \
      +[](i64 a) { return rounded<MODE>([](i64 v) { return f32(v); }, a); });  \
  add("__nv_ull2float_" #SUFFIX,                                               \
      +[](u64 a) { return rounded<MODE>([](u64 v) { return f32(v); }, a); });  \
  add("__nv_ll2double_" #SUFFIX,                                               \
      +[](i64 a) { return rounded<MODE>([](i64 v) { return f64(v); }, a); });  \
  add("__nv_ull2double_" #SUFFIX,                                              \
      +[](u64 a) { return rounded<MODE>([](u64 v) { return f64(v); }, a); });  \
  add("__nv_float2int_" #SUFFIX, +[](f32 a) { return convert<i32>(f64(a), SUFFIX); }); \
  add("__nv_float2uint_" #SUFFIX, +[](f32 a) { return convert<u32>(f64(a), SUFFIX); }); \
  add("__nv_float2ll_" #SUFFIX, +[](f32 a) { return convert<i64>(f64(a), SUFFIX); }); \
  add("__nv_float2ull_" #SUFFIX, +[](f32 a) { return convert<u64>(f64(a), SUFFIX); }); \
  add("__nv_double2int_" #SUFFIX, +[](f64 a) { return convert<i32>(a, SUFFIX); }); \
  add("__nv_double2uint_" #SUFFIX, +[](f64 a) { return convert<u32>(a, SUFFIX); }); \
  add("__nv_double2ll_" #SUFFIX, +[](f64 a) { return convert<i64>(a, SUFFIX); }); \
  add("__nv_double2ull_" #SUFFIX, +[](f64 a) { return convert<u64>(a, SUFFIX); });
  TRIDENT_ROUNDED(rn, FE_TONEAREST)
  TRIDENT_ROUNDED(rz, FE_TOWARDZERO)
  TRIDENT_ROUNDED(rd, FE_DOWNWARD)
  TRIDENT_ROUNDED(ru, FE_UPWARD)
#undef TRIDENT_ROUNDED
  // Exact conversions: one rounding mode only.
  add("__nv_int2double_rn", +[](i32 a) { return f64(a); });
  add("__nv_uint2double_rn", +[](u32 a) { return f64(a); });
}

std::vector<LibdeviceFunction> buildTable() {
  std::vector<LibdeviceFunction> t;
  TableAdder add{t};
  addIntegers(add);
  addBits(add);
  addRounding(add);
  addPowers(add);
  addTrigonometric(add);
  addSpecial(add);
  addDivisionsAndRounding(add);
  std::sort(t.begin(), t.end(),
            [](const LibdeviceFunction &a, const LibdeviceFunction &b) {
              return a.name < b.name;
            });
  return t;
}

} // namespace

llvm::ArrayRef<LibdeviceFunction> trident::cpu::libdeviceFunctions() {
  static const std::vector<LibdeviceFunction> table = buildTable();
  return table;
}

void *trident::cpu::lookupLibdeviceFunction(llvm::StringRef name) {
  llvm::ArrayRef<LibdeviceFunction> table = libdeviceFunctions();
  auto it = std::lower_bound(
      table.begin(), table.end(), name,
      [](const LibdeviceFunction &f, llvm::StringRef n) { return f.name < n; });
  return it != table.end() && it->name == name ? it->address : nullptr;
}
