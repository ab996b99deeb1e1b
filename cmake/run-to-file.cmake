# cmake -DOUT=file -DCMD="prog;arg;..." -P run-to-file.cmake: runs CMD, its standard output to OUT
# (through a temp file, so a failed run leaves no half-written OUT); fails when CMD does.
execute_process(COMMAND ${CMD} OUTPUT_FILE ${OUT}.part RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE ${OUT}.part)
  message(FATAL_ERROR "${CMD}: exit ${rc}")
endif()
file(RENAME ${OUT}.part ${OUT})
