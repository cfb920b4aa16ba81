/* cd_settings_list: THE list of simulation settings, one line each, in the tree order of Exudyn's
 * SimulationSettings. Everything else is generated from it: the members of cd_settings and
 * cd_settings_default() (cd_solver.h, cd_settings.c), the runtime table the extension parses
 * with and returns from _core.settings_table(), and the Python SimulationSettings tree
 * (python/coordyn/settings.py), whose tree the docs list.
 *
 * An entry is
 *     X(path, member, type, default, range, effect, aliases, doc)
 *   path     Exudyn's dotted name below SimulationSettings; a group is an entry of type GROUP
 *            and comes before its members (group paths nest to any depth)
 *   member   the cd_settings member that holds the value (entries with effect RESULT or OUTPUT);
 *            `_` for entries without one
 *   type     BOOL, INT, REAL, LINSOLVER (LinearSolverType), STRING, AUTOBOOL ('auto', True or
 *            False) or GROUP
 *   default  a C expression: a number, a cd_ls_kind constant, or a string literal (STRING,
 *            AUTOBOOL)
 *   range    the valid values of an INT or REAL (cd_setrange in cd_solver.h; a REAL must also be
 *            finite), checked when a solve starts (cd_settings_check): ANY (no check: bools,
 *            strings, groups), FINITE, POSITIVE (> 0), NONNEG (>= 0), UNIT ([0, 1]), HALF_ONE
 *            ([0.5, 1]), UNIT_POS ((0, 1]), INT_POS (>= 1), INT_NONNEG (>= 0); an INT is also
 *            at most 2147483647
 *            (the parser refuses larger integers)
 *   effect   RESULT   read by the engine, changes the solution
 *            OUTPUT   read by the engine, changes what is recorded, not the solution
 *            PYTHON   read by the Python layer (display, progress bar, warnings)
 *            ACCEPTED accepted so that Exudyn scripts run; no effect in coordyn
 *            NONE     groups
 *   aliases  older or alternative Exudyn paths of the same setting, space-separated; "" if none
 *   doc      one line of help (help(), the docs' settings table)
 *
 * A group that occurs at several paths (the Newton settings of the dynamic and the static
 * solver) is a sub-list with its own C struct (named by SUBLIST_TYPE), included by
 *     G(X, SUBLIST, path prefix, member)
 * so each path has its own member (settings.dynamicNewton.maxIterations, ...). */
#ifndef CD_SETTINGS_LIST_H
#define CD_SETTINGS_LIST_H

/* the Newton group; P: path prefix ending in '.', M: member prefix (empty or "member.") */
/* the discontinuous (post-Newton) iteration (cd_driver.c; docs/solvers.rst "Discontinuous
 * iteration"); P, M as for the Newton group */
#define CD_DISCONTINUOUS_SETTINGS_LIST_TYPE cd_discontinuous_settings
#define CD_DISCONTINUOUS_SETTINGS_LIST(X, P, M)                                                   \
    X(P "maxIterations", M maxIterations, INT, 5, INT_NONNEG, RESULT, "",                         \
      "Newton solves per step at most: after each, items with contact states (Data "            \
      "coordinates) update them from the converged configuration; while the sum of their "     \
      "changes exceeds iterationTolerance the step is solved again (0: states never updated)") \
    X(P "iterationTolerance", M iterationTolerance, REAL, 1.0, NONNEG, RESULT, "",                \
      "the states have settled when the sum of the items' error measures (contacts: |gap "      \
      "change| contactStiffness over the segments that changed state, a force) is at most "    \
      "this")                                                                                     \
    X(P "ignoreMaxIterations", M ignoreMaxIterations, BOOL, 1, ANY, RESULT, "",                   \
      "True: a step whose states have not settled after maxIterations is accepted (the solve "  \
      "reports a warning naming the items); False: the step fails (halved if adaptive, else "   \
      "SolverError naming the items)")                                                            \
    X(P "useRecommendedStepSize", M useRecommendedStepSize, BOOL, 1, ANY, RESULT, "",            \
      "a step size recommended by the PostNewtonUserFunction is used when the step is taken "  \
      "again (no coordyn item recommends one)")

#define CD_NEWTON_SETTINGS_LIST_TYPE cd_newton_settings
#define CD_NEWTON_SETTINGS_LIST(X, P, M)                                                          \
    X(P "relativeTolerance", M relativeTolerance, REAL, 1e-8, NONNEG, RESULT, "",                 \
      "converged (after at least one iteration) when |r| <= relativeTolerance * max(|r| at the "  \
      "predictor, |f - C_q^T lambda|)")                                                           \
    X(P "absoluteTolerance", M absoluteTolerance, REAL, 1e-10, NONNEG, RESULT, "",                \
      "or when |r| <= absoluteTolerance; |r| is the L2 norm of the unscaled force residual "     \
      "M q'' - f + C_q^T lambda (constraint rows have their own tolerance, see the solver docs)") \
    X(P "maxIterations", M maxIterations, INT, 25, INT_NONNEG, RESULT, "",                        \
      "iterations before the step counts as failed")                                              \
    X(P "useModifiedNewton", M useModifiedNewton, BOOL, 0, ANY, RESULT, "",                       \
      "keep the factorization across iterations and steps while Newton contracts well")          \
    X(P "useNewtonSolver", _, BOOL, 1, ANY, WARN, P "active",                                      \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; False (one linear solve per step) is not available")                                 \
    X(P "adaptInitialResidual", _, BOOL, 1, ANY, ACCEPTED, "",                                     \
      "accepted for Exudyn scripts; coordyn's relative tolerance uses the predictor "              \
      "residual")                                                                                  \
    X(P "maxModifiedNewtonIterations", _, INT, 8, INT_NONNEG, ACCEPTED, "",                        \
      "accepted for Exudyn scripts; coordyn's modified Newton refactorizes when contraction"       \
      " degrades")                                                                                 \
    X(P "maxModifiedNewtonRestartIterations", _, INT, 7, INT_NONNEG, ACCEPTED, "",                 \
      "accepted for Exudyn scripts; see maxModifiedNewtonIterations")                              \
    X(P "maximumSolutionNorm", _, REAL, 1e38, POSITIVE, ACCEPTED, "",                              \
      "accepted for Exudyn scripts; coordyn detects divergence by NaN and the iteration "          \
      "limit")                                                                                     \
    X(P "modifiedNewtonContractivity", _, REAL, 0.5, POSITIVE, ACCEPTED, "",                       \
      "accepted for Exudyn scripts; coordyn's modified Newton has its own contraction test")       \
    X(P "modifiedNewtonJacUpdatePerStep", _, BOOL, 0, ANY, ACCEPTED, "",                           \
      "accepted for Exudyn scripts; the Jacobian update changes convergence, not the "             \
      "solution")                                                                                  \
    X(P "newtonResidualMode", _, INT, 0, INT_NONNEG, WARN, P "residualMode",                       \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn's convergence test is the one of mode 0")                                    \
    X(P "weightTolerancePerCoordinate", _, BOOL, 0, ANY, WARN, "",                                 \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn's tolerances are not weighted per coordinate")                               \
    X(P "numericalDifferentiation", _, GROUP, 0, ANY, NONE, "",                                   \
      "Numerical differentiation of object Jacobians (the fallback and test oracle).")           \
    X(P "numericalDifferentiation.relativeEpsilon", M relativeEpsilon, REAL, 1e-7,                \
      POSITIVE, RESULT, "",                                                                       \
      "perturbation relative to the coordinate's size")                                           \
    X(P "numericalDifferentiation.minimumCoordinateSize", M minimumCoordinateSize, REAL, 1e-2,    \
      POSITIVE, RESULT, "", "coordinates smaller than this use it as their size")                \
    X(P "numericalDifferentiation.forODE2", M numericalJacobian, BOOL, 0, ANY, RESULT, "",        \
      "True: differentiate every object numerically (no analytic Jacobians)")\
    X(P "numericalDifferentiation.addReferenceCoordinatesToEpsilon", _, BOOL, 0, ANY, ACCEPTED,    \
      "",                                                                                          \
      "accepted for Exudyn scripts; the perturbation changes the Jacobian, not the solution")      \
    X(P "numericalDifferentiation.doSystemWideDifferentiation", _, BOOL, 0, ANY, ACCEPTED, "",     \
      "accepted for Exudyn scripts; coordyn differentiates per object")                            \
    X(P "numericalDifferentiation.forAE", _, BOOL, 0, ANY, ACCEPTED, "",                           \
      "accepted for Exudyn scripts; constraint Jacobians are analytic in coordyn")                 \
    X(P "numericalDifferentiation.forODE2connectors", _, BOOL, 0, ANY, ACCEPTED,                   \
      P "numericalDifferentiation.forODE2Connectors",                                              \
      "accepted for Exudyn scripts; forODE2 switches all objects to numerical Jacobians")          \
    X(P "numericalDifferentiation.jacobianConnectorDerivative", _, BOOL, 1, ANY, ACCEPTED, "",     \
      "accepted for Exudyn scripts; the Jacobian changes convergence, not the solution")

#define CD_SETTINGS_LIST(X, G)                                                                    \
    X("solution", _, GROUP, 0, ANY, NONE, "",                                                      \
      "Exudyn 1.13's paths of the output settings (aliases of solutionSettings).")                 \
    X("solution.file", _, GROUP, 0, ANY, NONE, "",                                                 \
      "Exudyn 1.13's paths of the solution file settings.")                                        \
    X("solution.file.export", _, GROUP, 0, ANY, NONE, "",                                          \
      "Exudyn 1.13's paths of the solution file columns.")                                         \
    X("solution.sensors", _, GROUP, 0, ANY, NONE, "",                                              \
      "Exudyn 1.13's paths of the sensor output settings.")                                        \
    X("solution.restart", _, GROUP, 0, ANY, NONE, "",                                              \
      "Exudyn 1.13's restart files (not written by coordyn).")                                     \
    X("solution.restart.continueIfAvailable", _, BOOL, 0, ANY, WARN, "",                           \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn does not restart from restart files")                                        \
    X("show", _, GROUP, 0, ANY, NONE, "",                                                          \
      "Exudyn 1.13's paths of displayStatistics, displayComputationTime and "                      \
      "displayGlobalTimers.")                                                                      \
    X("linearSolver", _, GROUP, 0, ANY, NONE, "",                                                  \
      "Exudyn 1.13's linear solver group (solverType is linearSolverType).")                       \
    X("cleanUpMemory", _, BOOL, 0, ANY, ACCEPTED, "",                                              \
      "accepted for Exudyn scripts; coordyn frees the workspace after every solve")                \
    X("outputPrecision", _, INT, 6, INT_POS, ACCEPTED, "consolePrecision",                         \
      "accepted for Exudyn scripts; digits of Exudyn's console output")                            \
    X("displayGlobalTimers", _, BOOL, 1, ANY, ACCEPTED, "show.globalTimers",                       \
      "accepted for Exudyn scripts; coordyn has no global timers")                                 \
    X("pauseAfterEachStep", _, BOOL, 0, ANY, ACCEPTED, "",                                         \
      "accepted for Exudyn scripts; coordyn never waits for a key")                                \
    X("timeIntegration", _, GROUP, 0, ANY, NONE, "",                                              \
      "Dynamic solver: time span, number of steps, step reduction, Newton and "                   \
      "generalized-alpha.")                                                                       \
    X("timeIntegration.realtime", _, GROUP, 0, ANY, NONE, "",                                      \
      "Exudyn 1.13's real-time settings (accepted; coordyn runs as fast as it can).")              \
    X("timeIntegration.explicit", _, GROUP, 0, ANY, NONE, "",                                      \
      "Exudyn 1.13's path of explicitIntegration.")                                                \
    X("timeIntegration.adaptiveStepDecrease", _, REAL, 0.5, POSITIVE, WARN, "",                    \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn halves a failed step")                                                       \
    X("timeIntegration.adaptiveStepIncrease", _, REAL, 2.0, POSITIVE, WARN, "",                    \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn doubles the step after good steps")                                          \
    X("timeIntegration.adaptiveStepRecoveryIterations", _, INT, 7, INT_NONNEG, WARN, "",           \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn's step growth does not count Newton iterations")                             \
    X("timeIntegration.adaptiveStepRecoverySteps", _, INT, 10, INT_NONNEG, WARN, "",               \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn grows the step after its own run of good steps")                             \
    X("timeIntegration.computeLoadsJacobian", _, INT, 0, INT_NONNEG, ACCEPTED, "",                 \
      "accepted for Exudyn scripts; load Jacobians change convergence, not the solution")          \
    X("timeIntegration.realtimeFactor", _, REAL, 1.0, POSITIVE, ACCEPTED,                          \
      "timeIntegration.realtime.factor",                                                           \
      "accepted for Exudyn scripts; coordyn runs as fast as it can")                               \
    X("timeIntegration.realtimeWaitMicroseconds", _, INT, 1000, INT_NONNEG, ACCEPTED,              \
      "timeIntegration.realtime.waitMicroseconds",                                                 \
      "accepted for Exudyn scripts; coordyn runs as fast as it can")                               \
    X("timeIntegration.numberOfSteps", numberOfSteps, INT, 100, INT_POS, RESULT, "",              \
      "steps of size (endTime - startTime) / numberOfSteps")                                      \
    X("timeIntegration.endTime", endTime, REAL, 1.0, FINITE, RESULT, "",                          \
      "time at the end of the simulation [s]")                                                    \
    X("timeIntegration.startTime", startTime, REAL, 0.0, FINITE, RESULT, "",                      \
      "time at the start of the simulation [s]")                                                  \
    X("timeIntegration.minimumStepSize", minimumStepSize, REAL, 1e-8, POSITIVE, RESULT, "",       \
      "below this the solve stops with SolverError")                                              \
    X("timeIntegration.adaptiveStep", adaptiveStep, BOOL, 1, ANY, RESULT, "",                     \
      "halve the step when Newton fails; grow it back after good steps")                         \
    X("timeIntegration.initialConstraintTolerance", initialConstraintTolerance, REAL, 1e-6,       \
      POSITIVE, RESULT, "", "coordyn: largest constraint residual accepted at the start, "       \
      "relative to the size of the coordinates (position level) and velocities (velocity level)") \
    X("timeIntegration.initialConstraintWarning", initialConstraintWarning, BOOL, 0, ANY, RESULT, \
      "", "coordyn: True: violated constraints at the start give a warning instead of an error") \
    X("timeIntegration.computeConsistentInitialConditions", _, BOOL, 0, ANY, PYTHON, "",          \
      "coordyn: True: mbs.ComputeConsistentInitialConditions() (closest configuration and "      \
      "velocities on the constraints, drivers kept) before the solve; it updates the initial "   \
      "values")                                                                                  \
    X("timeIntegration.errorControl", _, GROUP, 0, ANY, NONE, "",                                 \
      "coordyn: local error estimate of every step; step-size control from it (active) or a "    \
      "guard against blow-ups with fixed steps.")                                                 \
    X("timeIntegration.errorControl.active", errorControl, BOOL, 0, ANY, RESULT, "",              \
      "coordyn: True: the step size follows the local error estimate (the first step is "        \
      "(endTime - startTime) / numberOfSteps); False: fixed steps")                             \
    X("timeIntegration.errorControl.relativeTolerance", errRelTol, REAL, 1e-4, POSITIVE, RESULT,  \
      "", "coordyn: local error per step relative to the size of each coordinate")                \
    X("timeIntegration.errorControl.absoluteTolerance", errAbsTol, REAL, 1e-6, POSITIVE, RESULT,  \
      "", "coordyn: local error per step in the units of each coordinate (added to the relative " \
      "part)")                                                                                    \
    X("timeIntegration.errorControl.maximumStepSize", errMaxStep, REAL, 0.0, NONNEG, RESULT, "",  \
      "coordyn: largest step with error control; 0: no limit (steps still end on every sensor "   \
      "output time)")                                                                             \
    X("timeIntegration.errorControl.blowUpTolerance", blowUpTolerance, REAL, 1e3, NONNEG, RESULT, \
      "", "coordyn: fixed steps: a step whose local error estimate exceeds this many times the "  \
      "tolerances stops the solve (a blow-up); 0: no check")                                      \
    X("timeIntegration.errorControl.blowUpWarning", blowUpWarning, BOOL, 0, ANY, RESULT, "",      \
      "coordyn: True: a blow-up gives a warning and the solve goes on")                          \
    X("timeIntegration.verboseMode", _, INT, 0, INT_NONNEG, PYTHON, "",                           \
      "Exudyn's solver lines: 1 header, STEP line about every 2 s and at the end, failed "       \
      "steps, termination; 2 also a block per step with a line per Newton iteration; 3 also "    \
      "the vectors per iteration")                                                               \
    X("timeIntegration.verboseModeFile", _, INT, 0, INT_NONNEG, ACCEPTED, "",                     \
      "accepted for Exudyn scripts; coordyn writes no solver file")                              \
    X("timeIntegration.stepInformation", _, INT, 67, INT_NONNEG, ACCEPTED, "",                    \
      "accepted for Exudyn scripts (what verboseMode prints per step)")                          \
    X("timeIntegration.simulateInRealtime", _, BOOL, 0, ANY, ACCEPTED,                             \
      "timeIntegration.realtime.active",                                                           \
      "accepted for Exudyn scripts; coordyn always runs as fast as it can")                      \
    X("timeIntegration.automaticStepSize", automaticStepSize, BOOL, 1, ANY, RESULT, "",            \
      "explicit embedded methods (ODE23, DOPRI5, DVERK6): the step size follows their error "  \
      "estimate (Exudyn's controller); False: fixed steps; no effect on the other solvers")    \
    X("timeIntegration.absoluteTolerance", stepAbsTol, REAL, 1e-8, NONNEG, RESULT, "",           \
      "automaticStepSize: absolute part of the error scale atol + rtol max(x0, x1) (signed) of "    \
      "each coordinate and velocity (must be > 0 then)")                                        \
    X("timeIntegration.relativeTolerance", stepRelTol, REAL, 1e-8, NONNEG, RESULT, "",           \
      "automaticStepSize: relative part of the error scale")                                    \
    X("timeIntegration.initialStepSize", initialStepSize, REAL, 0.0, NONNEG, RESULT, "",         \
      "automaticStepSize: the first step; 0: (endTime - startTime) / numberOfSteps")            \
    X("timeIntegration.stepSizeMaxIncrease", stepSizeMaxIncrease, REAL, 2.0, POSITIVE, RESULT,  \
      "", "automaticStepSize: a step is at most this many times the one before")               \
    X("timeIntegration.stepSizeSafety", stepSizeSafety, REAL, 0.9, UNIT_POS, RESULT, "",         \
      "automaticStepSize: safety factor on the optimal step size")                              \
    X("timeIntegration.reuseConstantMassMatrix", reuseConstantMassMatrix, BOOL, 1, ANY, RESULT,  \
      "", "explicit solvers: factor a constant mass matrix once per solve (False: every "       \
      "stage; same result)")                                                                    \
    X("timeIntegration.explicitIntegration", _, GROUP, 0, ANY, NONE, "",                          \
      "Explicit Runge-Kutta and velocity Verlet solvers (SolveDynamic's solverType).")         \
    X("timeIntegration.explicitIntegration.computeEndOfStepAccelerations",                       \
      computeEndOfStepAccelerations, BOOL, 1, ANY, RESULT,                                        \
      "timeIntegration.explicit.computeEndOfStepAccelerations",                                    \
      "True: accelerations (and ODE1 rates) evaluated at the end of each step; False: those "   \
      "of the last stage (outputs of accelerations lag; one evaluation per step less)")        \
    X("timeIntegration.explicitIntegration.computeMassMatrixInversePerBody", _, BOOL, 0, ANY,    \
      ACCEPTED, "timeIntegration.explicit.computeMassMatrixInversePerBody",                      \
      "accepted for Exudyn scripts; coordyn factors the system mass matrix (its " \
      "block-diagonal solver does the same work per body; same result)")                        \
    X("timeIntegration.explicitIntegration.eliminateConstraints", eliminateConstraints, BOOL, 1, \
      ANY, RESULT, "timeIntegration.explicit.eliminateConstraints", "True: CoordinateConstraints that fix a coordinate to ground (offset 0) " \
      "are eliminated, any other constraint is an error; False: constraints are ignored (with " \
      "a warning), as in Exudyn")                                                                \
    X("timeIntegration.explicitIntegration.useLieGroupIntegration", useLieGroupIntegration,      \
      BOOL, 1, ANY, RESULT, "timeIntegration.explicit.useLieGroupIntegration",                  \
      "NodeRigidBodyRotVecLG nodes: rotations composed on SO(3) "     \
      "(Runge-Kutta-Munthe-Kaas); False is an error with such nodes")                           \
    X("timeIntegration.solverType", dynamicSolverType, INT, 1, INT_POS, RESULT,                   \
      "timeIntegration.explicitIntegration.dynamicSolverType",                                   \
      "the dynamic solver: a DynamicSolverType (GeneralizedAlpha, TrapezoidalIndex2, "          \
      "ExplicitEuler, ..., VelocityVerlet); SolveDynamic's solverType takes its place")         \
    X("timeIntegration.generalizedAlpha", _, GROUP, 0, ANY, NONE, "",                             \
      "Generalized-alpha parameters (spectral radius) and the Newmark / index-2 option.")        \
    X("timeIntegration.generalizedAlpha.spectralRadius", spectralRadius, REAL, 0.9,               \
      UNIT, RESULT, "",                                                                           \
      "rho_inf in [0, 1]; 1 = trapezoidal rule (no numerical damping)")                          \
    X("timeIntegration.generalizedAlpha.useNewmark", useNewmark, BOOL, 0, ANY, RESULT, "",        \
      "Newmark with newmarkBeta/newmarkGamma instead of generalized-alpha")                      \
    X("timeIntegration.generalizedAlpha.useIndex2Constraints", useIndex2Constraints, BOOL, 0,     \
      ANY, RESULT, "", "constraints at velocity level (requires useNewmark)")                     \
    X("timeIntegration.generalizedAlpha.newmarkBeta", newmarkBeta, REAL, 0.25,                    \
      UNIT_POS, RESULT, "",                                                                       \
      "Newmark beta (useNewmark); 0.25 with gamma 0.5 is the trapezoidal rule")                  \
    X("timeIntegration.generalizedAlpha.newmarkGamma", newmarkGamma, REAL, 0.5,                   \
      HALF_ONE, RESULT, "",                                                                       \
      "Newmark gamma (useNewmark); > 0.5 adds numerical damping")                                \
    X("timeIntegration.generalizedAlpha.computeInitialAccelerations",                             \
      computeInitialAccelerations, BOOL, 1, ANY, RESULT, "",                                      \
      "consistent initial accelerations and multipliers")                                         \
    X("timeIntegration.generalizedAlpha.projectEulerParameterVelocities",                         \
      projectEulerParameterVelocities, BOOL, 1, ANY, RESULT, "",                                  \
      "coordyn: NodeRigidBodyEP velocities projected onto e.e_t = 0 after every step (False: "    \
      "Exudyn's steps, less accurate at large rotations per step; the default under the "        \
      "Exudyn switch)")                                                                           \
    X("timeIntegration.generalizedAlpha.lieGroupAddTangentOperator", lieGroupAddTangentOperator,  \
      BOOL, 1, ANY, RESULT, "",                                                                   \
      "NodeRigidBodyRotVecLG: the tangent operator of the step's rotation increment in the "     \
      "Newton matrix (False: identity; converges more slowly, same solution)")                   \
    X("timeIntegration.generalizedAlpha.lieGroupSimplifiedKinematicRelations", _, BOOL, 0, ANY,    \
      WARN, "",                                                                                    \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn uses the exact kinematic relations")                                         \
    X("timeIntegration.generalizedAlpha.resetAccelerations", _, BOOL, 0, ANY, WARN, "",            \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn keeps the accelerations of the last step")                                   \
    X("timeIntegration.generalizedAlpha.storeInitialAlgebraicCoordinates", _, BOOL, 1, ANY,        \
      ACCEPTED, "",                                                                                \
      "accepted for Exudyn scripts; coordyn computes consistent initial multipliers")              \
    X("timeIntegration.newton", _, GROUP, 0, ANY, NONE, "",                                       \
      "Newton iteration: tolerances, iteration limit, full or modified Newton.")                 \
    G(X, CD_NEWTON_SETTINGS_LIST, "timeIntegration.newton.", dynamicNewton)                       \
    X("timeIntegration.discontinuous", _, GROUP, 0, ANY, NONE, "",                                \
      "Discontinuous (post-Newton) iteration of items with contact states, as Exudyn's.")       \
    G(X, CD_DISCONTINUOUS_SETTINGS_LIST, "timeIntegration.discontinuous.", dynamicDiscontinuous) \
    X("staticSolver", _, GROUP, 0, ANY, NONE, "", "Static solver: load steps and Newton.")        \
    X("staticSolver.numberOfLoadSteps", numberOfLoadSteps, INT, 1, INT_POS, RESULT, "",           \
      "load factor i / n in step i")                                                              \
    X("staticSolver.loadStepGeometric", loadStepGeometric, BOOL, 0, ANY, RESULT, "",              \
      "load factors range^(i/n - 1) instead")                                                     \
    X("staticSolver.loadStepGeometricRange", loadStepGeometricRange, REAL, 1000.0,                \
      POSITIVE, RESULT, "",                                                                       \
      "ratio of the last to the first load factor")                                               \
    X("staticSolver.adaptiveStep", staticAdaptiveStep, BOOL, 1, ANY, RESULT, "",                \
      "halve the load step when Newton fails; grow it back by 2 after each converged step")      \
    X("staticSolver.minimumStepSize", staticMinimumStepSize, REAL, 1e-8, POSITIVE, RESULT, "",  \
      "smallest load step (of the load-step variable in [0, 1]); below it the solve stops "      \
      "with SolverError")                                                                         \
    X("staticSolver.stabilizerODE2term", staticStabilizer, REAL, 0.0, NONNEG, RESULT, "",       \
      "mass-proportional stabilizer: load steps with load factor lf < 1 solve "                  \
      "r + s (1 - lf^2) M (q - q_start of step) = 0 with s = stabilizerODE2term (kinematic "      \
      "systems); none at lf = 1")                                                                 \
    X("staticSolver.lineSearch", staticLineSearch, BOOL, 0, ANY, RESULT, "",                    \
      "coordyn: damped Newton: an increment that overshoots the minimum of the energy along it " \
      "(dx . r changes sign and grows beyond half its start value) is shortened to the secant " \
      "root (line search); for large deflections")                                               \
    X("staticSolver.lineSearchMaxReductions", staticLineSearchMaxReductions, INT, 10,           \
      INT_NONNEG, RESULT, "", "coordyn: most reductions of one Newton increment by the line "    \
      "search, each by a factor 0.1 to 2/3 (then the shortest trial is taken)")                 \
    X("staticSolver.verboseMode", _, INT, 0, INT_NONNEG, PYTHON, "",                              \
      "Exudyn's solver lines: 1 header, STEP line about every 2 s and at the end, failed "       \
      "steps, termination; 2 also a block per step with a line per Newton iteration; 3 also "    \
      "the vectors per iteration")                                                               \
    X("staticSolver.verboseModeFile", _, INT, 0, INT_NONNEG, ACCEPTED, "",                        \
      "accepted for Exudyn scripts; coordyn writes no solver file")                              \
    X("staticSolver.adaptiveStepDecrease", _, REAL, 0.25, POSITIVE, WARN, "",                      \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn halves a failed load step")                                                  \
    X("staticSolver.adaptiveStepIncrease", _, REAL, 2.0, POSITIVE, WARN, "",                       \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn doubles the load step after each converged step")                            \
    X("staticSolver.adaptiveStepRecoveryIterations", _, INT, 7, INT_NONNEG, WARN, "",              \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn's step growth does not count Newton iterations")                             \
    X("staticSolver.adaptiveStepRecoverySteps", _, INT, 4, INT_NONNEG, WARN, "",                   \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; see adaptiveStepIncrease")                                                           \
    X("staticSolver.computeLoadsJacobian", _, BOOL, 1, ANY, ACCEPTED, "",                          \
      "accepted for Exudyn scripts; load Jacobians change convergence, not the solution")          \
    X("staticSolver.constrainODE1Coordinates", _, BOOL, 1, ANY, WARN,                              \
      "staticSolver.constrainODE1coordinates",                                                     \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn's static solver keeps ODE1 coordinates at their initial values")             \
    X("staticSolver.loadStepDuration", _, REAL, 1.0, POSITIVE, WARN, "",                           \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; the static solve's time runs from 0 to 1 in coordyn")                                \
    X("staticSolver.loadStepStart", _, REAL, 0.0, FINITE, WARN, "",                                \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; the static solve's time runs from 0 to 1 in coordyn")                                \
    X("staticSolver.stepInformation", _, INT, 67, INT_NONNEG, ACCEPTED, "",                        \
      "accepted for Exudyn scripts; what verboseMode prints per step")                             \
    X("staticSolver.useLoadFactor", _, BOOL, 1, ANY, WARN, "",                                     \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn always scales the loads by the load factor")                                 \
    X("staticSolver.newton", _, GROUP, 0, ANY, NONE, "",                                          \
      "Newton iteration of the static solver: tolerances, iteration limit, full or modified "    \
      "Newton.")                                                                                  \
    G(X, CD_NEWTON_SETTINGS_LIST, "staticSolver.newton.", staticNewton)                           \
    X("staticSolver.discontinuous", _, GROUP, 0, ANY, NONE, "",                                   \
      "Discontinuous (post-Newton) iteration of items with contact states, as Exudyn's.")       \
    G(X, CD_DISCONTINUOUS_SETTINGS_LIST, "staticSolver.discontinuous.", staticDiscontinuous)     \
    X("solutionSettings", _, GROUP, 0,                                                            \
      ANY, NONE, "", "Output during a solve: the sensor period, the solution file.")             \
    X("solutionSettings.sensorsWritePeriod", sensorsWritePeriod, REAL, 0.01, NONNEG, OUTPUT,       \
      "solution.sensors.writePeriod",                                                              \
      "sensor output period in seconds (never more often than every step)")                      \
    X("solutionSettings.sensorsAppendToFile", sensorsAppendToFile, BOOL, 0, ANY, OUTPUT,           \
      "solution.sensors.append",                                                                   \
      "sensor files: append to existing files instead of replacing them (the header only "       \
      "into an empty file)")                                                                       \
    X("solutionSettings.sensorsWriteFileHeader", sensorsWriteFileHeader, BOOL, 1, ANY, OUTPUT,    \
      "solution.sensors.writeHeader",                                                              \
      "sensor files: the header lines (#...) that PlotSensor reads")                               \
    X("solutionSettings.sensorsWriteFileFooter", sensorsWriteFileFooter, BOOL, 0, ANY, OUTPUT,    \
      "solution.sensors.writeFooter", "sensor files: the closing lines (#simulation finished,      \
      #Solver Info)")                                                                              \
    X("solutionSettings.writeSolutionToFile", writeSolution, BOOL, 0, ANY, OUTPUT,                 \
      "solution.file.write",                                                                       \
      "write the coordinates solution file (Exudyn's text format; coordyn's default is False)")   \
    X("solutionSettings.solutionWritePeriod", solutionWritePeriod, REAL, 0.01, NONNEG, OUTPUT,    \
      "solution.file.writePeriod",                                                                 \
      "solution file: output period in seconds (a row at the first step at or after each "         \
      "output time; 0: every step)")                                                             \
    X("solutionSettings.writeInitialValues", writeInitialValues, BOOL, 1, ANY, OUTPUT,             \
      "solution.file.writeInitialValues",                                                          \
      "solution file: a row of the initial state")                                               \
    X("solutionSettings.coordinatesSolutionFileName", _, STRING, "coordinatesSolution.txt",       \
      ANY, PYTHON, "solution.file.name",                                                           \
      "solution file name ('.txt' appended to a name without a dot; its "                          \
      "directory is created)")                                                                   \
    X("solutionSettings.binarySolutionFile", binarySolutionFile, BOOL, 0, ANY, OUTPUT,             \
      "solution.file.binary",                                                                      \
      "solution file in Exudyn's binary format ('.sol' appended to a name without a dot; "       \
      "doubles, or floats with outputPrecision < 8)")                                            \
    X("solutionSettings.appendToFile", appendToFile, BOOL, 0, ANY, OUTPUT, "solution.file.append", \
      "solution file: append to an existing text file instead of replacing it")                  \
    X("solutionSettings.writeFileHeader", writeFileHeader, BOOL, 1, ANY, OUTPUT,                   \
      "solution.file.writeHeader",                                                                 \
      "solution file: the header lines (#...) that LoadSolutionFile reads")                      \
    X("solutionSettings.writeFileFooter", writeFileFooter, BOOL, 1, ANY, OUTPUT,                   \
      "solution.file.writeFooter",                                                                 \
      "solution file: the closing lines (#simulation finished, #Solver Info)")                   \
    X("solutionSettings.outputPrecision", outputPrecision, INT, 10, INT_POS, OUTPUT,               \
      "solution.precision",                                                                        \
      "solution and sensor files: significant digits of the values")                               \
    X("solutionSettings.exportVelocities", exportVelocities, BOOL, 1, ANY, OUTPUT,                 \
      "solution.file.export.velocities",                                                           \
      "solution file: ODE2 velocities columns (dynamic solver)")                                 \
    X("solutionSettings.exportAccelerations", exportAccelerations, BOOL, 1, ANY, OUTPUT,           \
      "solution.file.export.accelerations",                                                        \
      "solution file: ODE2 accelerations columns (dynamic solver)")                              \
    X("solutionSettings.exportODE1Velocities", exportODE1Velocities, BOOL, 1, ANY, OUTPUT,         \
      "solution.file.export.ODE1Velocities",                                                       \
      "solution file: ODE1 velocities columns (dynamic solver)")                                 \
    X("solutionSettings.exportAlgebraicCoordinates", exportAlgebraicCoordinates, BOOL, 1, ANY,    \
      OUTPUT, "solution.file.export.algebraicCoordinates",                                         \
      "solution file: algebraic coordinates (multipliers) columns")                                \
    X("solutionSettings.exportDataCoordinates", exportDataCoordinates, BOOL, 1, ANY, OUTPUT,       \
      "solution.file.export.dataCoordinates",                                                      \
      "solution file: Data coordinates columns")                                                 \
    X("solutionSettings.flushFilesDOF", _, INT, 10000, INT_NONNEG, ACCEPTED,                       \
      "solution.file.flushAboveCoordinates",                                                       \
      "accepted for Exudyn scripts; when files are flushed changes nothing in them")               \
    X("solutionSettings.flushFilesImmediately", _, BOOL, 0, ANY, ACCEPTED,                         \
      "solution.flushFilesImmediately",                                                            \
      "accepted for Exudyn scripts; when files are flushed changes nothing in them")               \
    X("solutionSettings.recordImagesInterval", _, REAL, -1.0, FINITE, ACCEPTED,                    \
      "solution.recordImagesInterval",                                                             \
      "accepted for Exudyn scripts; coordyn's viewer exports images and videos itself")            \
    X("solutionSettings.solutionInformation", _, STRING, "", ANY, ACCEPTED,                        \
      "solution.file.information",                                                                 \
      "accepted for Exudyn scripts; a text for the header of Exudyn's solution file")              \
    X("solutionSettings.solverInformationFileName", _, STRING,                                     \
      "solution/solverInformation.txt", ANY, ACCEPTED, "solution.solverInformationFileName",       \
      "accepted for Exudyn scripts; coordyn writes no solver file")                                \
    X("solutionSettings.sensorsStoreAndWriteFiles", _, BOOL, 1, ANY, ACCEPTED,                     \
      "solution.sensors.active",                                                                   \
      "accepted for Exudyn scripts; coordyn's sensors always record (what they write is set"       \
      " per sensor)")                                                                              \
    X("solutionSettings.writeRestartFile", _, BOOL, 0, ANY, WARN, "solution.restart.write",        \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn writes no restart file (use pickle or GetSystemState)")                      \
    X("solutionSettings.restartFileName", _, STRING, "solution/restartFile.txt", ANY, ACCEPTED,    \
      "solution.restart.name",                                                                     \
      "accepted for Exudyn scripts; coordyn writes no restart file")                               \
    X("solutionSettings.restartWritePeriod", _, REAL, 0.01, NONNEG, ACCEPTED,                      \
      "solution.restart.writePeriod",                                                              \
      "accepted for Exudyn scripts; coordyn writes no restart file")                               \
    X("parallel", _, GROUP, 0, ANY, NONE, "",                                                     \
      "Threads (accepted for Exudyn scripts; one system runs on one thread).")                   \
    X("parallel.numberOfThreads", _, INT, 1, INT_POS, ACCEPTED, "",                               \
      "accepted for Exudyn scripts; the engine runs one thread per system (solve independent "   \
      "systems in parallel threads)")                                                             \
    X("parallel.multithreadedLowerLimitJacobians", _, INT, 20, INT_NONNEG, ACCEPTED,               \
      "parallel.multithreadedLLimitJacobians",                                                     \
      "accepted for Exudyn scripts; one system runs on one thread")                                \
    X("parallel.multithreadedLowerLimitLoads", _, INT, 20, INT_NONNEG, ACCEPTED,                   \
      "parallel.multithreadedLLimitLoads",                                                         \
      "accepted for Exudyn scripts; one system runs on one thread")                                \
    X("parallel.multithreadedLowerLimitMassMatrices", _, INT, 20, INT_NONNEG, ACCEPTED,            \
      "parallel.multithreadedLLimitMassMatrices",                                                  \
      "accepted for Exudyn scripts; one system runs on one thread")                                \
    X("parallel.multithreadedLowerLimitResiduals", _, INT, 20, INT_NONNEG, ACCEPTED,               \
      "parallel.multithreadedLLimitResiduals",                                                     \
      "accepted for Exudyn scripts; one system runs on one thread")                                \
    X("parallel.taskSplitMinItems", _, INT, 50, INT_NONNEG, ACCEPTED, "",                          \
      "accepted for Exudyn scripts; one system runs on one thread")                                \
    X("parallel.taskSplitTasksPerThread", _, INT, 16, INT_NONNEG, ACCEPTED, "",                    \
      "accepted for Exudyn scripts; one system runs on one thread")                                \
    X("parallel.useLoadBalancing", _, BOOL, 1, ANY, ACCEPTED, "",                                  \
      "accepted for Exudyn scripts; one system runs on one thread")                                \
    X("linearSolverType", linearSolver, LINSOLVER, CD_LS_AUTO, ANY, RESULT,                        \
      "linearSolver.solverType",                                                                   \
      "LinearSolverType.Auto, Dense, Sparse or Block")                                            \
    X("linearSolverSettings", _, GROUP, 0, ANY, NONE, "",                                         \
      "How the solvers treat the linear systems of Newton's method.")                            \
    X("linearSolverSettings.handleRedundantConstraints", handleRedundantConstraints, BOOL, 1,    \
      ANY, RESULT, "",                                                                            \
      "True: constraint equations that depend on the others (found at the start of a solve and " \
      "when the Newton matrix becomes singular) are removed from the Newton matrix, the "         \
      "multipliers are the minimum-norm ones and one warning names the equations; False: a "      \
      "singular Newton matrix is an error")                                                       \
    X("linearSolverSettings.ignoreSingularJacobian", _, BOOL, 0, ANY, WARN,                        \
      "linearSolver.ignoreSingularJacobian",                                                       \
      "changes results in Exudyn, not honoured by coordyn: a value other than the default "        \
      "warns; coordyn handles redundant constraints instead "                                      \
      "(linearSolverSettings.handleRedundantConstraints)")                                         \
    X("linearSolverSettings.pivotThreshold", _, REAL, 0.0, NONNEG, ACCEPTED,                       \
      "linearSolver.pivotThreshold",                                                               \
      "accepted for Exudyn scripts; coordyn's LU pivoting is LAPACK's and CSparse's")              \
    X("linearSolverSettings.reuseAnalyzedPattern", _, BOOL, 0, ANY, ACCEPTED,                      \
      "linearSolver.reuseAnalyzedPattern",                                                         \
      "accepted for Exudyn scripts; coordyn always reuses the symbolic analysis")                  \
    X("linearSolverSettings.showCausingItems", _, BOOL, 1, ANY, ACCEPTED,                          \
      "linearSolver.showCausingItems",                                                             \
      "accepted for Exudyn scripts; coordyn's SolverError names the items")                        \
    X("displayStatistics", _, BOOL, 0,                                                           \
      ANY, PYTHON, "show.statistics", "print solver statistics after the solve")                   \
    X("displayComputationTime", _, BOOL, 0, ANY, PYTHON, "show.computationTime",                   \
      "print solver statistics (with the CPU time) after the solve")                             \
    X("progressBar", _, AUTOBOOL, "auto", ANY, PYTHON, "",                                        \
      "'auto' (terminals and notebooks, long solves, not under pytest), True or False")

#endif
