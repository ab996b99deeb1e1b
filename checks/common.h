#pragma once
/// Helpers shared by the step files, in three parts: outcomes and evidence (outcome.h), the live
/// objects (objects.h) and the student's files (files.h). Internal to gpuwhy_checks.

#include "files.h"
#include "objects.h"
#include "outcome.h"
