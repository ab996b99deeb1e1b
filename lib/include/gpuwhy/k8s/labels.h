// Label keys, label values and integers as apimachinery reads them: what labels.NewRequirement
// checks before the scheduler can use a node selector requirement.
#pragma once

#include <optional>
#include <string_view>

namespace gpuwhy::k8s {

/// validation.IsQualifiedName: an optional prefix (a DNS-1123 subdomain of at most 253
/// characters: lower-case labels joined by '.') and '/', then a name of 1 to 63 characters,
/// alphanumeric at both ends with '-', '_' or '.' between ("gpu", "nvidia.com/gpu").
bool is_qualified_name(std::string_view text);

/// validation.IsDNS1123Subdomain: at most 253 characters, lower-case labels (letters, digits and
/// '-', alphanumeric at both ends) joined by '.': what a node name must be ("lab-node-0").
bool is_dns_subdomain(std::string_view text);

/// validation.IsDNS1123Label: at most 63 lower-case letters, digits and '-', alphanumeric at both
/// ends: what a namespace name must be ("gpu-why").
bool is_dns_label(std::string_view text);

/// validation.IsValidLabelValue: empty, or at most 63 characters, alphanumeric at both ends with
/// '-', '_' or '.' between ("true", "a100"; not "-3", not "a b").
bool is_label_value(std::string_view text);

/// strconv.ParseInt(text, 10, 64): an optional sign, then decimal digits only, within int64
/// ("+5" and "05" are 5; "0x10", "1_000", " 5" and "9223372036854775808" are no integer).
std::optional<long long> parse_int64(std::string_view text);

}  // namespace gpuwhy::k8s
