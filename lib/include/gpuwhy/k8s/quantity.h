// Kubernetes quantities (apimachinery resource.Quantity): the one place gpuwhy parses "2", "500m",
// "0.5", "1e3", "1Ki", "1P". Checks, readers and `gpuwhy why` all go through it.
#pragma once

#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

namespace gpuwhy::k8s {

/// ParseQuantity's grammar exactly (sign, digits with an optional '.' (none at all is zero, as in
/// Go: "m", "-", "."), then one suffix: an SI one n u m "" k M G T P E, a binary one Ki Mi Gi Ti
/// Pi Ei, or an exponent e3 / E-2 / e+3 (an int64 cut to int32, as Go does); no space, no quote).
/// Then Quantity.ScaledValue(scale) (Value(): scale 1; MilliValue(): 1000; `scale` divides 1e9),
/// computed exactly: the value times `scale`, rounded away from zero, except for a negative value
/// ParseQuantity cannot keep as an int64 with a decimal scale (more than 18 digits, finer than
/// nano, or a binary suffix with a fraction): apimachinery holds it as a decimal rounded away from
/// zero at nano, and its ScaledValue truncates and then adds one ("-2.5000000000" -> -1, "-0.1n"
/// -> 1). nullopt when the text is not a quantity or the result is beyond ±9e18.
std::optional<long long> scaled_value(std::string_view text, int scale);

/// A quantity as the apiserver decodes it from JSON (Quantity.UnmarshalJSON), times `scale` as
/// scaled_value: a string's text with the spaces around it trimmed, or a number's text as Go's
/// encoding/json writes it (how kubectl sends a YAML number: 2.50 as "2.5", 1e-7 as "1e-07").
/// null is the zero Quantity (0); nullopt for anything else (true, an object) or text that is not
/// a quantity.
std::optional<long long> json_scaled_value(const nlohmann::json& value, int scale);

/// The text is a quantity to ParseQuantity (its grammar above), whatever its size.
bool is_quantity(std::string_view text);
/// The JSON value decodes as a Quantity (UnmarshalJSON: null, a number, or a string whose trimmed
/// text is_quantity); false where the apiserver refuses the object before validating it.
bool json_is_quantity(const nlohmann::json& value);

/// The text Quantity.UnmarshalJSON parses from a string kubectl sent: encoding/json writes control
/// characters, U+2028 and U+2029 as escapes, which no quantity holds (nullopt), and
/// strings.TrimSpace cuts Unicode white space (unicode.IsSpace: U+00A0, U+3000, …) at both ends.
std::optional<std::string> sent_text(std::string_view s);

/// Quantity.Value(): "500m" -> 1, "1.5" -> 2, "-1.5" -> -2, "1Ki" -> 1024.
inline std::optional<long long> value(std::string_view text) {
  return scaled_value(text, 1);
}
/// Quantity.MilliValue(): "2" -> 2000, "0.5" -> 500, "-0.0005" -> -1.
inline std::optional<long long> milli_value(std::string_view text) {
  return scaled_value(text, 1000);
}

}  // namespace gpuwhy::k8s
