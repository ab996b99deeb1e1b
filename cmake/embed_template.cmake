# Build step (CMakeLists.txt): writes a C++ source that holds the text of IN (the HTML report
# template, lib/src/render/report.html.tmpl) as one raw string literal, std::string_view NAME.
# Usage: cmake -DIN=... -DOUT=... -DNAME=... -P embed_template.cmake
file(READ "${IN}" content)
set(delim "gpuwhy_tmpl")
string(FIND "${content}" ")${delim}\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${IN} contains the raw-string delimiter )${delim}\"")
endif()
file(WRITE "${OUT}.tmp"
  "// Generated at build time from ${IN} by cmake/embed_template.cmake; do not edit.\n"
  "#include <string_view>\n\n"
  "namespace gpuwhy::render::detail {\n"
  "extern const std::string_view ${NAME};\n"
  "const std::string_view ${NAME} = R\"${delim}(${content})${delim}\";\n"
  "}  // namespace gpuwhy::render::detail\n")
file(RENAME "${OUT}.tmp" "${OUT}")
