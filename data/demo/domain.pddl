; groundplan demo domain: a robot tidies a kitchen with containers that open.
; Written for groundplan (MIT). Uses typing, negative preconditions,
; conditional effects, universal quantification and action costs.
(define (domain kitchen-tidy)
  (:requirements :typing :negative-preconditions :conditional-effects
                 :universal-preconditions :action-costs)
  (:types area item - object
          container surface - area)
  (:predicates (robot-at ?a - area)
               (in ?i - item ?a - area)
               (holding ?i - item)
               (hand-empty)
               (opened ?c - container)
               (cold ?i - item)
               (fridge ?c - container))
  (:functions (total-cost) - number
              (distance ?from ?to - area) - number)

  (:action move
    :parameters (?from ?to - area)
    :precondition (and (robot-at ?from) (not (robot-at ?to)))
    :effect (and (not (robot-at ?from)) (robot-at ?to)
                 (increase (total-cost) (distance ?from ?to))))

  (:action open
    :parameters (?c - container)
    :precondition (and (robot-at ?c) (not (opened ?c)) (hand-empty))
    :effect (and (opened ?c) (increase (total-cost) 2)))

  (:action close
    :parameters (?c - container)
    :precondition (and (robot-at ?c) (opened ?c))
    :effect (and (not (opened ?c))
                 (forall (?i - item) (when (and (in ?i ?c) (fridge ?c)) (cold ?i)))
                 (increase (total-cost) 2)))

  (:action pick-from-surface
    :parameters (?i - item ?s - surface)
    :precondition (and (robot-at ?s) (in ?i ?s) (hand-empty))
    :effect (and (holding ?i) (not (in ?i ?s)) (not (hand-empty))
                 (increase (total-cost) 1)))

  (:action pick-from-container
    :parameters (?i - item ?c - container)
    :precondition (and (robot-at ?c) (opened ?c) (in ?i ?c) (hand-empty))
    :effect (and (holding ?i) (not (in ?i ?c)) (not (hand-empty))
                 (increase (total-cost) 1)))

  (:action place-on-surface
    :parameters (?i - item ?s - surface)
    :precondition (and (robot-at ?s) (holding ?i))
    :effect (and (in ?i ?s) (hand-empty) (not (holding ?i))
                 (increase (total-cost) 1)))

  (:action place-in-container
    :parameters (?i - item ?c - container)
    :precondition (and (robot-at ?c) (opened ?c) (holding ?i))
    :effect (and (in ?i ?c) (hand-empty) (not (holding ?i))
                 (increase (total-cost) 1))))
