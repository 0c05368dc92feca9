; groundplan demo problem: put the milk and yoghurt in the fridge (and make
; sure they are cold), put the cereal in the pantry, serve the bowl on the
; table, and leave every container closed.
(define (problem tidy-breakfast)
  (:domain kitchen-tidy)
  (:objects counter table - surface
            fridge pantry drawer - container
            milk yoghurt cereal bowl spoon - item)
  (:init (robot-at counter) (hand-empty) (fridge fridge)
         (in milk counter) (in yoghurt table) (in cereal counter)
         (in bowl drawer) (in spoon counter)
         (= (total-cost) 0)
         (= (distance counter table) 4) (= (distance table counter) 4)
         (= (distance counter fridge) 2) (= (distance fridge counter) 2)
         (= (distance counter pantry) 3) (= (distance pantry counter) 3)
         (= (distance counter drawer) 1) (= (distance drawer counter) 1)
         (= (distance table fridge) 5) (= (distance fridge table) 5)
         (= (distance table pantry) 6) (= (distance pantry table) 6)
         (= (distance table drawer) 4) (= (distance drawer table) 4)
         (= (distance fridge pantry) 2) (= (distance pantry fridge) 2)
         (= (distance fridge drawer) 2) (= (distance drawer fridge) 2)
         (= (distance pantry drawer) 3) (= (distance drawer pantry) 3))
  (:goal (and (in milk fridge) (in yoghurt fridge) (cold milk) (cold yoghurt)
              (in cereal pantry) (in bowl table)
              (forall (?c - container) (not (opened ?c)))))
  (:metric minimize (total-cost)))
