// Kubernetes quantities (apimachinery resource.Quantity): the one place gpuwhy parses "2", "500m",
// "0.5", "1e3", "1Ki", "1P". Checks, readers and `gpuwhy why` all go through it.
#pragma once

#include <optional>
#include <string_view>

namespace gpuwhy::k8s {

/// ParseQuantity's grammar exactly (sign, digits with an optional '.' (none at all is zero, as in
/// Go: "m", "-", "."), then one suffix: an SI one
/// n u m "" k M G T P E, a binary one Ki Mi Gi Ti Pi Ei, or an exponent e3 / E-2 / e+3); no space, no
/// quote. The value times `scale`, rounded to an integer away from zero as apimachinery's
/// ScaledValue does (Value(): scale 1; MilliValue(): scale 1000), computed exactly. nullopt when
/// the text is not a quantity or the result is beyond ±9e18.
std::optional<long long> scaled_value(std::string_view text, int scale);

/// Quantity.Value(): "500m" -> 1, "1.5" -> 2, "-1.5" -> -2, "1Ki" -> 1024.
inline std::optional<long long> value(std::string_view text) {
  return scaled_value(text, 1);
}
/// Quantity.MilliValue(): "2" -> 2000, "0.5" -> 500, "-0.0005" -> -1.
inline std::optional<long long> milli_value(std::string_view text) {
  return scaled_value(text, 1000);
}

}  // namespace gpuwhy::k8s
